/**
 * The answer rollup, as in SQLite (see `src/store/tallies.ts`), kept in step by
 * `insertResponses` and filled here from the answers already stored.
 */
export const answerTallies = `
CREATE TABLE answer_tallies (
  question_id TEXT COLLATE "C" NOT NULL,
  kind TEXT COLLATE "C" NOT NULL CHECK (kind IN ('answered', 'choice', 'number')),
  status TEXT COLLATE "C" NOT NULL,
  day BIGINT NOT NULL,
  choice_id TEXT COLLATE "C" NOT NULL,
  number DOUBLE PRECISION NOT NULL,
  survey_id TEXT COLLATE "C" NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  count BIGINT NOT NULL,
  PRIMARY KEY (question_id, kind, status, day, choice_id, number)
);

INSERT INTO answer_tallies (question_id, kind, status, day, choice_id, number, survey_id, count)
SELECT question_id, 'choice', status, submitted_at / 86400000, choice_id, 0, MIN(survey_id), COUNT(*)
FROM answers WHERE choice_id IS NOT NULL
GROUP BY question_id, status, submitted_at / 86400000, choice_id;

INSERT INTO answer_tallies (question_id, kind, status, day, choice_id, number, survey_id, count)
SELECT question_id, 'number', status, submitted_at / 86400000, '', number, MIN(survey_id), COUNT(*)
FROM answers WHERE choice_id IS NULL AND number IS NOT NULL
GROUP BY question_id, status, submitted_at / 86400000, number;

-- A response's answers share its status and submitted_at, so one row per (response, question) counts it once.
INSERT INTO answer_tallies (question_id, kind, status, day, choice_id, number, survey_id, count)
SELECT question_id, 'answered', status, submitted_at / 86400000, '', 0, MIN(survey_id), COUNT(*)
FROM (SELECT DISTINCT response_seq, question_id, status, submitted_at, survey_id FROM answers) AS answered
GROUP BY question_id, status, submitted_at / 86400000;
`;
