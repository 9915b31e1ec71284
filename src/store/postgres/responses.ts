import type { ResponseFilter, SurveyResponse, SurveyStore } from '../survey-store.js';
import { answersBySeq, toResponse, toResponsePage, type AnswerRow, type ResponseRow } from '../survey-rows.js';
import { rollupOf, type Tally } from '../tallies.js';
import type { Queryable } from '../queryable.js';
import { Params, postgresFilters, type PostgresDatabase } from './database.js';

const { responseFilterSql } = postgresFilters;

type ResponseStore = Pick<SurveyStore, 'insertResponses' | 'findResponse' | 'listResponses' | 'countResponses'>;

/** Responses per INSERT statement: bounds the size of one message to the server. */
const responsesPerStatement = 5000;

/** One statement per batch: the responses, then their answers joined to the new rows' seq. */
async function insertResponseBatch(tx: Queryable, responses: readonly SurveyResponse[]): Promise<void> {
  const answers = responses.flatMap((response) => response.answers.map((answer) => ({ responseId: response.id, ...answer })));
  const column = <T, V>(rows: readonly T[], pick: (row: T) => V) => rows.map(pick);
  await tx.run(
    `WITH inserted AS (
       INSERT INTO responses (id, survey_id, status, channel, respondent_email, respondent_name, started_at, submitted_at, duration_ms)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[], $9::bigint[])
       RETURNING seq, id, survey_id, status, submitted_at
     )
     INSERT INTO answers (response_seq, question_id, survey_id, status, submitted_at, choice_id, number, text)
     SELECT i.seq, x.question_id, i.survey_id, i.status, i.submitted_at, x.choice_id, x.number, x.text
     FROM unnest($10::text[], $11::text[], $12::text[], $13::float8[], $14::text[]) AS x(response_id, question_id, choice_id, number, text)
     JOIN inserted i ON i.id = x.response_id`,
    [
      column(responses, (r) => r.id),
      column(responses, (r) => r.surveyId),
      column(responses, (r) => r.status),
      column(responses, (r) => r.channel),
      column(responses, (r) => r.respondentEmail),
      column(responses, (r) => r.respondentName),
      column(responses, (r) => r.startedAt),
      column(responses, (r) => r.submittedAt),
      column(responses, (r) => r.durationMs),
      column(answers, (a) => a.responseId),
      column(answers, (a) => a.questionId),
      column(answers, (a) => a.choiceId),
      column(answers, (a) => a.number),
      column(answers, (a) => a.text),
    ],
  );
}

/** The key and count columns of both rollups, as arrays for unnest. */
const tallyColumns = (tallies: readonly Tally[]) => [
  tallies.map((t) => t.questionId),
  tallies.map((t) => t.kind),
  tallies.map((t) => t.status),
  tallies.map((t) => t.day),
  tallies.map((t) => t.choiceId),
  tallies.map((t) => t.number),
  tallies.map((t) => t.surveyId),
  tallies.map((t) => t.count),
];

/** Adds a batch's answers to both rollups: one statement each, each key once (see `rollupOf`). */
async function addTallies(tx: Queryable, responses: readonly SurveyResponse[]): Promise<void> {
  const segmentQuestions = await tx.rows<{ id: string }>(
    `SELECT id FROM questions WHERE survey_id = ANY($1::text[]) AND type = 'single_choice'`,
    [[...new Set(responses.map((response) => response.surveyId))]],
  );
  const { tallies, segmentTallies } = rollupOf(responses, new Set(segmentQuestions.map((row) => row.id)));
  if (tallies.length > 0) {
    await tx.run(
      `INSERT INTO answer_tallies (question_id, kind, status, day, choice_id, number, survey_id, count)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::float8[], $7::text[], $8::bigint[])
       ON CONFLICT (question_id, kind, status, day, choice_id, number) DO UPDATE SET count = answer_tallies.count + excluded.count`,
      tallyColumns(tallies),
    );
  }
  if (segmentTallies.length > 0) {
    await tx.run(
      `INSERT INTO segment_tallies (question_id, kind, status, day, choice_id, number, survey_id, count, segment_question_id, segment_choice_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::float8[], $7::text[], $8::bigint[], $9::text[], $10::text[])
       ON CONFLICT (segment_question_id, segment_choice_id, question_id, kind, status, day, choice_id, number)
       DO UPDATE SET count = segment_tallies.count + excluded.count`,
      [...tallyColumns(segmentTallies), segmentTallies.map((t) => t.segmentQuestionId), segmentTallies.map((t) => t.segmentChoiceId)],
    );
  }
}

export function postgresResponseStore(db: PostgresDatabase): ResponseStore {
  const answersOf = async (seqs: readonly number[]) => {
    // NULLS FIRST: SQLite's order, for answers to a question deleted since.
    const rows = await db.rows<AnswerRow>(
      `SELECT a.response_seq, a.question_id, a.choice_id, a.number, a.text
       FROM answers a LEFT JOIN questions q ON q.id = a.question_id LEFT JOIN choices c ON c.id = a.choice_id
       WHERE a.response_seq = ANY($1::bigint[])
       ORDER BY a.response_seq, q.position NULLS FIRST, c.position NULLS FIRST`,
      [seqs],
    );
    return answersBySeq(rows);
  };

  return {
    async insertResponses(responses) {
      if (responses.length === 0) return;
      await db.transaction(async (tx) => {
        for (let start = 0; start < responses.length; start += responsesPerStatement) {
          await insertResponseBatch(tx, responses.slice(start, start + responsesPerStatement));
        }
        await addTallies(tx, responses);
        const counts = new Map<string, Record<SurveyResponse['status'], number>>();
        for (const response of responses) {
          const tally = counts.get(response.surveyId) ?? { completed: 0, partial: 0, disqualified: 0 };
          tally[response.status] += 1;
          counts.set(response.surveyId, tally);
        }
        const tallies = [...counts];
        await tx.run(
          `UPDATE surveys SET completed_count = completed_count + t.completed, partial_count = partial_count + t.partial,
             disqualified_count = disqualified_count + t.disqualified
           FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[]) AS t(id, completed, partial, disqualified)
           WHERE surveys.id = t.id`,
          [
            tallies.map(([surveyId]) => surveyId),
            tallies.map(([, tally]) => tally.completed),
            tallies.map(([, tally]) => tally.partial),
            tallies.map(([, tally]) => tally.disqualified),
          ],
        );
      });
    },
    async findResponse(id) {
      const row = await db.one<ResponseRow>('SELECT * FROM responses WHERE id = $1', [id]);
      return row && toResponse(row, (await answersOf([row.seq])).get(row.seq) ?? []);
    },
    async listResponses(filter, after, limit) {
      const params = new Params();
      let where = responseFilterSql(filter, params);
      if (after) where += ` AND (r.submitted_at, r.seq) < (${params.add(after.submittedAt)}, ${params.add(after.seq)})`;
      // A `where` test runs per response until a page is found: over a whole survey when few match.
      const rows = await (filter.where ? db.scanning : db).rows<ResponseRow>(
        `SELECT r.* FROM responses r WHERE ${where} ORDER BY r.submitted_at DESC, r.seq DESC LIMIT ${params.add(limit)}`,
        params.values,
      );
      return toResponsePage(rows, await answersOf(rows.map((row) => row.seq)));
    },
    async countResponses(filter: ResponseFilter) {
      const params = new Params();
      const where = responseFilterSql(filter, params);
      return (await (filter.where ? db.scanning : db).one<{ n: number }>(`SELECT COUNT(*) AS n FROM responses r WHERE ${where}`, params.values))!.n;
    },
  };
}
