import type { Choice, NewQuestion, Question, QuestionFields, SurveyStore } from '../survey-store.js';
import { labelKey } from '../rows.js';
import { choicesByQuestion, questionShift, surveyRowMappers, type ChoiceRow, type QuestionRow } from '../survey-rows.js';
import { sqliteDialect, type SqliteColumns } from './database.js';
import type { SqliteStatements } from './statements.js';

const { toQuestion } = surveyRowMappers(sqliteDialect);

type QuestionStore = Pick<SurveyStore, 'listQuestions' | 'findQuestion' | 'insertQuestion' | 'updateQuestion' | 'deleteQuestion'>;

/** Questions with their choices, in position order: two queries whatever the count. */
function questionsWhere({ all }: SqliteStatements, column: 'id' | 'survey_id', value: string): Question[] {
  const rows = all<QuestionRow<SqliteColumns>>(`SELECT * FROM questions WHERE ${column} = @value ORDER BY position`, { value });
  // The IN list is walked in question id order, so choices_question delivers the rows without a sort.
  const choices = all<ChoiceRow>(
    `SELECT question_id, id, label FROM choices WHERE question_id IN (SELECT id FROM questions WHERE ${column} = @value)
     ORDER BY question_id, position`,
    { value },
  );
  const byQuestion = choicesByQuestion(choices);
  return rows.map((row) => toQuestion(row, byQuestion.get(row.id) ?? []));
}

const questionById = (s: SqliteStatements, id: string): Question | undefined => questionsWhere(s, 'id', id)[0];

function insertChoice({ run }: SqliteStatements, questionId: string, choice: Choice, position: number) {
  run(
    `INSERT INTO choices (id, question_id, position, label, label_key)
     VALUES (@id, @questionId, @position, @label, @labelKey)`,
    { id: choice.id, questionId, position, label: choice.label, labelKey: labelKey(choice.label) },
  );
}

/** Inserts a question and its choices; the caller holds the transaction and has made room at `position`. */
export function insertQuestionRow(s: SqliteStatements, question: NewQuestion, position: number): void {
  s.run(
    `INSERT INTO questions (id, survey_id, position, type, text, description, required, settings)
     VALUES (@id, @surveyId, @position, @type, @text, @description, @required, @settings)`,
    {
      id: question.id,
      surveyId: question.surveyId,
      position,
      type: question.type,
      text: question.text,
      description: question.description,
      required: question.required ? 1 : 0,
      settings: JSON.stringify(question.settings),
    },
  );
  question.choices.forEach((choice, index) => insertChoice(s, question.id, choice, index + 1));
}

function moveQuestion({ run }: SqliteStatements, question: Question, position: number) {
  const between = questionShift(question, position);
  if (!between) return;
  run(
    `UPDATE questions SET position = position + @shift
     WHERE survey_id = @surveyId AND position BETWEEN @from AND @to`,
    { ...between, surveyId: question.surveyId },
  );
  run('UPDATE questions SET position = @position WHERE id = @id', { position, id: question.id });
}

export function sqliteQuestionStore(s: SqliteStatements): QuestionStore {
  const { db, run } = s;

  const insertQuestionTx = db.transaction((question: NewQuestion, position: number) => {
    run('UPDATE questions SET position = position + 1 WHERE survey_id = @surveyId AND position >= @position', {
      surveyId: question.surveyId,
      position,
    });
    insertQuestionRow(s, question, position);
  });

  const updateQuestionTx = db.transaction(
    (question: Question, fields: QuestionFields, choices: readonly Choice[], position: number) => {
      run(
        `UPDATE questions SET text = @text, description = @description, required = @required, settings = @settings
         WHERE id = @id`,
        {
          id: question.id,
          text: fields.text,
          description: fields.description,
          required: fields.required ? 1 : 0,
          settings: JSON.stringify(fields.settings),
        },
      );
      const kept = new Set(choices.map((choice) => choice.id));
      for (const old of question.choices) {
        if (!kept.has(old.id)) run('DELETE FROM choices WHERE id = @id', { id: old.id });
      }
      // Park label keys first so swapping two labels never trips the uniqueness constraint midway.
      run(`UPDATE choices SET label_key = char(0) || id WHERE question_id = @questionId`, { questionId: question.id });
      const existing = new Set(question.choices.map((choice) => choice.id));
      choices.forEach((choice, index) => {
        if (existing.has(choice.id)) {
          run('UPDATE choices SET label = @label, label_key = @labelKey, position = @position WHERE id = @id', {
            id: choice.id,
            label: choice.label,
            labelKey: labelKey(choice.label),
            position: index + 1,
          });
        } else {
          insertChoice(s, question.id, choice, index + 1);
        }
      });
      moveQuestion(s, question, position);
    },
  );

  const deleteQuestionTx = db.transaction((question: Question) => {
    run('DELETE FROM questions WHERE id = @id', { id: question.id });
    run('UPDATE questions SET position = position - 1 WHERE survey_id = @surveyId AND position > @position', {
      surveyId: question.surveyId,
      position: question.position,
    });
  });

  return {
    async listQuestions(surveyId) {
      return questionsWhere(s, 'survey_id', surveyId);
    },
    async findQuestion(id) {
      return questionById(s, id);
    },
    async insertQuestion(question, position) {
      insertQuestionTx(question, position);
      return questionById(s, question.id)!;
    },
    async updateQuestion(id, fields, choices, position) {
      updateQuestionTx(questionById(s, id)!, fields, choices, position);
      return questionById(s, id)!;
    },
    async deleteQuestion(id) {
      const question = questionById(s, id);
      if (question) deleteQuestionTx(question);
    },
  };
}
