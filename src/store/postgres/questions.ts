import type { Choice, NewQuestion, Question, SurveyStore } from '../survey-store.js';
import { labelKey } from '../rows.js';
import { choicesByQuestion, questionShift, surveyRowMappers, type ChoiceRow, type QuestionRow } from '../survey-rows.js';
import type { Queryable } from '../queryable.js';
import { postgresDialect, prepared, type PostgresColumns, type PostgresDatabase } from './database.js';

const { toQuestion } = surveyRowMappers(postgresDialect);

type QuestionStore = Pick<SurveyStore, 'listQuestions' | 'findQuestion' | 'insertQuestion' | 'updateQuestion' | 'deleteQuestion'>;

/**
 * The questions `where` picks (a condition on `q`) and their choices, as two JSON arrays of rows
 * in the order the mappers expect: one round trip, whatever the count, also inside a larger read.
 */
export const questionColumns = (where: string) => `
  (SELECT json_agg(q ORDER BY q.position) FROM questions q WHERE ${where}) AS questions,
  (SELECT json_agg(json_build_object('question_id', c.question_id, 'id', c.id, 'label', c.label) ORDER BY c.question_id, c.position)
   FROM choices c JOIN questions q ON q.id = c.question_id WHERE ${where}) AS choices`;

export interface QuestionColumns {
  questions: QuestionRow<PostgresColumns>[] | null;
  choices: ChoiceRow[] | null;
}

export function toQuestions(row: QuestionColumns): Question[] {
  const byQuestion = choicesByQuestion(row.choices ?? []);
  return (row.questions ?? []).map((question) => toQuestion(question, byQuestion.get(question.id) ?? []));
}

const questionsOf = { id: prepared(`SELECT ${questionColumns('q.id = $1')}`), survey_id: prepared(`SELECT ${questionColumns('q.survey_id = $1')}`) };

/** Questions with their choices, in position order. */
const questionsWhere = async (q: Queryable, column: 'id' | 'survey_id', value: string): Promise<Question[]> =>
  toQuestions((await q.one<QuestionColumns>(questionsOf[column], [value]))!);

const questionById = async (q: Queryable, id: string) => (await questionsWhere(q, 'id', id))[0];

async function insertChoices(tx: Queryable, questionId: string, choices: ReadonlyArray<Choice & { position: number }>) {
  if (choices.length === 0) return;
  await tx.run(
    `INSERT INTO choices (id, question_id, position, label, label_key)
     SELECT id, $1, position, label, label_key FROM unnest($2::text[], $3::int[], $4::text[], $5::text[]) AS c(id, position, label, label_key)`,
    [questionId, choices.map((c) => c.id), choices.map((c) => c.position), choices.map((c) => c.label), choices.map((c) => labelKey(c.label))],
  );
}

/** Inserts a question and its choices; the caller holds the transaction and has made room at `position`. */
export async function insertQuestionRow(tx: Queryable, question: NewQuestion, position: number): Promise<void> {
  await tx.run(
    `INSERT INTO questions (id, survey_id, position, type, text, description, required, settings)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [question.id, question.surveyId, position, question.type, question.text, question.description, question.required, JSON.stringify(question.settings)],
  );
  await insertChoices(tx, question.id, question.choices.map((choice, index) => ({ ...choice, position: index + 1 })));
}

async function moveQuestion(tx: Queryable, question: Question, position: number): Promise<void> {
  const between = questionShift(question, position);
  if (!between) return;
  const { shift, from, to } = between;
  await tx.run('UPDATE questions SET position = position + $1 WHERE survey_id = $2 AND position BETWEEN $3 AND $4', [
    shift,
    question.surveyId,
    from,
    to,
  ]);
  await tx.run('UPDATE questions SET position = $1 WHERE id = $2', [position, question.id]);
}

export function postgresQuestionStore(db: PostgresDatabase): QuestionStore {
  return {
    async listQuestions(surveyId) {
      return questionsWhere(db, 'survey_id', surveyId);
    },
    async findQuestion(id) {
      return questionById(db, id);
    },
    async insertQuestion(question, position) {
      return db.transaction(async (tx) => {
        await tx.run('UPDATE questions SET position = position + 1 WHERE survey_id = $1 AND position >= $2', [question.surveyId, position]);
        await insertQuestionRow(tx, question, position);
        return (await questionById(tx, question.id))!;
      });
    },
    async updateQuestion(id, fields, choices, position) {
      return db.transaction(async (tx) => {
        // Label keys are checked at commit, so swapping two labels never trips the constraint midway.
        await tx.run('SET CONSTRAINTS choices_label DEFERRED');
        const question = (await questionById(tx, id))!;
        await tx.run('UPDATE questions SET text = $1, description = $2, required = $3, settings = $4 WHERE id = $5', [
          fields.text,
          fields.description,
          fields.required,
          JSON.stringify(fields.settings),
          id,
        ]);
        const kept = new Set(choices.map((choice) => choice.id));
        const removed = question.choices.filter((old) => !kept.has(old.id)).map((old) => old.id);
        if (removed.length > 0) await tx.run('DELETE FROM choices WHERE id = ANY($1::text[])', [removed]);
        const existing = new Set(question.choices.map((choice) => choice.id));
        const placed = choices.map((choice, index) => ({ ...choice, position: index + 1 }));
        const updated = placed.filter((choice) => existing.has(choice.id));
        if (updated.length > 0) {
          await tx.run(
            `UPDATE choices SET label = c.label, label_key = c.label_key, position = c.position
             FROM unnest($1::text[], $2::text[], $3::text[], $4::int[]) AS c(id, label, label_key, position)
             WHERE choices.id = c.id`,
            [updated.map((c) => c.id), updated.map((c) => c.label), updated.map((c) => labelKey(c.label)), updated.map((c) => c.position)],
          );
        }
        await insertChoices(tx, id, placed.filter((choice) => !existing.has(choice.id)));
        await moveQuestion(tx, question, position);
        return (await questionById(tx, id))!;
      });
    },
    async deleteQuestion(id) {
      await db.transaction(async (tx) => {
        const deleted = await tx.one<{ survey_id: string; position: number }>(
          'DELETE FROM questions WHERE id = $1 RETURNING survey_id, position',
          [id],
        );
        if (!deleted) return;
        await tx.run('UPDATE questions SET position = position - 1 WHERE survey_id = $1 AND position > $2', [
          deleted.survey_id,
          deleted.position,
        ]);
      });
    },
  };
}
