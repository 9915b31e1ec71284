/**
 * The answer rollup once per segment (see `src/store/tallies.ts`): the tallies of the responses
 * that gave each choice of each single-choice question, kept in step by `insertResponses` and
 * filled here from the answers already stored. A response is in a segment when it has an answer
 * row with that question and choice, as the answer-index path tests it; repeated rows count once.
 */
export const segmentTallies = `
CREATE TABLE segment_tallies (
  segment_question_id TEXT NOT NULL,
  segment_choice_id TEXT NOT NULL,
  question_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('answered', 'choice', 'number')),
  status TEXT NOT NULL,
  day INTEGER NOT NULL,
  choice_id TEXT NOT NULL,
  number REAL NOT NULL,
  survey_id TEXT NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  count INTEGER NOT NULL,
  PRIMARY KEY (segment_question_id, segment_choice_id, question_id, kind, status, day, choice_id, number)
) WITHOUT ROWID;

CREATE TEMP TABLE segment_members AS
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
      FROM segment_members m JOIN answers a ON a.response_seq = m.response_seq)
GROUP BY segment_question_id, segment_choice_id, question_id, status, submitted_at / 86400000;

DROP TABLE segment_members;
`;
