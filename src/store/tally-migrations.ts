/**
 * The SQL of migrations 004 (`answer_tallies`) and 005 (`segment_tallies`), for either backend.
 * Both backends create the same columns and backfill them from the stored answers with the same
 * statements; what differs is listed in `dialects`. A migration is a promise to every existing
 * database, so this must keep producing, byte for byte, the SQL each backend first shipped
 * (`tally-migrations.test.ts` holds it to that).
 */
interface TallyDialect {
  /** Column types of keys and texts, of whole numbers (days, counts), of numeric answers. */
  readonly text: string;
  readonly integer: string;
  readonly real: string;
  /** After a rollup table's closing parenthesis. */
  readonly tableOptions: string;
  /** PostgreSQL must name a subquery in FROM. */
  readonly derivedTableAlias: string;
  /** How migration 005's temporary segment membership is made and how it goes away. */
  readonly createMembers: string;
  readonly dropMembers: string;
}

const dialects: Readonly<Record<'sqlite' | 'postgres', TallyDialect>> = {
  sqlite: {
    text: 'TEXT',
    integer: 'INTEGER',
    real: 'REAL',
    tableOptions: ' WITHOUT ROWID',
    derivedTableAlias: '',
    createMembers: 'CREATE TEMP TABLE segment_members AS',
    dropMembers: '\nDROP TABLE segment_members;\n',
  },
  postgres: {
    text: 'TEXT COLLATE "C"',
    integer: 'BIGINT',
    real: 'DOUBLE PRECISION',
    tableOptions: '',
    derivedTableAlias: ' AS answered',
    createMembers: 'CREATE TEMP TABLE segment_members ON COMMIT DROP AS',
    dropMembers: '',
  },
};

/** The columns both rollups share, after the segment's own in `segment_tallies`. */
const tallyColumns = ({ text, integer, real }: TallyDialect): string => `
  question_id ${text} NOT NULL,
  kind ${text} NOT NULL CHECK (kind IN ('answered', 'choice', 'number')),
  status ${text} NOT NULL,
  day ${integer} NOT NULL,
  choice_id ${text} NOT NULL,
  number ${real} NOT NULL,
  survey_id ${text} NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  count ${integer} NOT NULL,`;

export function answerTalliesMigration(backend: keyof typeof dialects): string {
  const dialect = dialects[backend];
  return `
CREATE TABLE answer_tallies (${tallyColumns(dialect)}
  PRIMARY KEY (question_id, kind, status, day, choice_id, number)
)${dialect.tableOptions};

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
FROM (SELECT DISTINCT response_seq, question_id, status, submitted_at, survey_id FROM answers)${dialect.derivedTableAlias}
GROUP BY question_id, status, submitted_at / 86400000;
`;
}

export function segmentTalliesMigration(backend: keyof typeof dialects): string {
  const dialect = dialects[backend];
  return `
CREATE TABLE segment_tallies (
  segment_question_id ${dialect.text} NOT NULL,
  segment_choice_id ${dialect.text} NOT NULL,${tallyColumns(dialect)}
  PRIMARY KEY (segment_question_id, segment_choice_id, question_id, kind, status, day, choice_id, number)
)${dialect.tableOptions};

${dialect.createMembers}
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
      FROM segment_members m JOIN answers a ON a.response_seq = m.response_seq)${dialect.derivedTableAlias}
GROUP BY segment_question_id, segment_choice_id, question_id, status, submitted_at / 86400000;
${dialect.dropMembers}`;
}
