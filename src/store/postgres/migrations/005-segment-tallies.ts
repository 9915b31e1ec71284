/**
 * The answer rollup once per segment, as in SQLite (see `src/store/tallies.ts`), kept in step by
 * `insertResponses` and filled here from the answers already stored.
 */
export const segmentTallies = `
CREATE TABLE segment_tallies (
  segment_question_id TEXT COLLATE "C" NOT NULL,
  segment_choice_id TEXT COLLATE "C" NOT NULL,
  question_id TEXT COLLATE "C" NOT NULL,
  kind TEXT COLLATE "C" NOT NULL CHECK (kind IN ('answered', 'choice', 'number')),
  status TEXT COLLATE "C" NOT NULL,
  day BIGINT NOT NULL,
  choice_id TEXT COLLATE "C" NOT NULL,
  number DOUBLE PRECISION NOT NULL,
  survey_id TEXT COLLATE "C" NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  count BIGINT NOT NULL,
  PRIMARY KEY (segment_question_id, segment_choice_id, question_id, kind, status, day, choice_id, number)
);

CREATE TEMP TABLE segment_members ON COMMIT DROP AS
SELECT DISTINCT a.response_seq, a.question_id AS segment_question_id, a.choice_id AS segment_choice_id
FROM questions q JOIN answers a ON a.question_id = q.id
WHERE q.type = 'single_choice' AND a.choice_id IS NOT NULL;

INSERT INTO segment_tallies (segment_question_id, segment_choice_id, question_id, kind, status, day, choice_id, number, survey_id, count)
SELECT m.segment_question_id, m.segment_choice_id, a.question_id, 'choice', a.status, a.submitted_at / 86400000, a.choice_id, 0,
  MIN(a.survey_id), COUNT(*)
FROM segment_members m JOIN answers a ON a.response_seq = m.response_seq
WHERE a.choice_id IS NOT NULL
GROUP BY m.segment_question_id, m.segment_choice_id, a.question_id, a.status, a.submitted_at / 86400000, a.choice_id;

INSERT INTO segment_tallies (segment_question_id, segment_choice_id, question_id, kind, status, day, choice_id, number, survey_id, count)
SELECT m.segment_question_id, m.segment_choice_id, a.question_id, 'number', a.status, a.submitted_at / 86400000, '', a.number,
  MIN(a.survey_id), COUNT(*)
FROM segment_members m JOIN answers a ON a.response_seq = m.response_seq
WHERE a.choice_id IS NULL AND a.number IS NOT NULL
GROUP BY m.segment_question_id, m.segment_choice_id, a.question_id, a.status, a.submitted_at / 86400000, a.number;

INSERT INTO segment_tallies (segment_question_id, segment_choice_id, question_id, kind, status, day, choice_id, number, survey_id, count)
SELECT segment_question_id, segment_choice_id, question_id, 'answered', status, submitted_at / 86400000, '', 0, MIN(survey_id), COUNT(*)
FROM (SELECT DISTINCT m.segment_question_id, m.segment_choice_id, a.response_seq, a.question_id, a.status, a.submitted_at, a.survey_id
      FROM segment_members m JOIN answers a ON a.response_seq = m.response_seq) AS answered
GROUP BY segment_question_id, segment_choice_id, question_id, status, submitted_at / 86400000;
`;
