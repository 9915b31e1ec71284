import type { ResponseFilter, SurveyResponse, SurveyStore } from '../survey-store.js';
import { answersBySeq, toResponse, toResponsePage, type AnswerRow, type ResponseRow } from '../survey-rows.js';
import { rollupOf } from '../tallies.js';
import { NamedParams, sqliteFilters } from './database.js';
import type { SqliteStatements } from './statements.js';

const { answerFilterSql, conditionSql, responseFilterSql } = sqliteFilters;

type ResponseStore = Pick<SurveyStore, 'insertResponses' | 'findResponse' | 'listResponses' | 'countResponses'>;

export function sqliteResponseStore({ db, prepared, one, all, run, scanning }: SqliteStatements): ResponseStore {
  const insertResponsesTx = db.transaction((responses: readonly SurveyResponse[]) => {
    const insertResponse = prepared(
      `INSERT INTO responses (id, survey_id, status, channel, respondent_email, respondent_name, started_at,
         submitted_at, duration_ms)
       VALUES (@id, @surveyId, @status, @channel, @respondentEmail, @respondentName, @startedAt, @submittedAt,
         @durationMs)`,
    );
    const insertAnswer = prepared(
      `INSERT INTO answers (response_seq, question_id, survey_id, status, submitted_at, choice_id, number, text)
       VALUES (@seq, @questionId, @surveyId, @status, @submittedAt, @choiceId, @number, @text)`,
    );
    const counts = new Map<string, Record<SurveyResponse['status'], number>>();
    for (const response of responses) {
      const { answers, ...fields } = response;
      const seq = insertResponse.run(fields).lastInsertRowid;
      for (const answer of answers) {
        insertAnswer.run({ seq, surveyId: response.surveyId, status: response.status, submittedAt: response.submittedAt, ...answer });
      }
      const tally = counts.get(response.surveyId) ?? { completed: 0, partial: 0, disqualified: 0 };
      tally[response.status] += 1;
      counts.set(response.surveyId, tally);
    }
    const segmentQuestions = new Set(
      [...counts.keys()].flatMap((surveyId) =>
        all<{ id: string }>(`SELECT id FROM questions WHERE survey_id = @surveyId AND type = 'single_choice'`, { surveyId }).map((row) => row.id),
      ),
    );
    const { tallies, segmentTallies } = rollupOf(responses, segmentQuestions);
    const addTally = prepared(
      `INSERT INTO answer_tallies (question_id, kind, status, day, choice_id, number, survey_id, count)
       VALUES (@questionId, @kind, @status, @day, @choiceId, @number, @surveyId, @count)
       ON CONFLICT (question_id, kind, status, day, choice_id, number) DO UPDATE SET count = count + excluded.count`,
    );
    for (const tally of tallies) addTally.run({ ...tally });
    const addSegmentTally = prepared(
      `INSERT INTO segment_tallies (segment_question_id, segment_choice_id, question_id, kind, status, day, choice_id, number, survey_id, count)
       VALUES (@segmentQuestionId, @segmentChoiceId, @questionId, @kind, @status, @day, @choiceId, @number, @surveyId, @count)
       ON CONFLICT (segment_question_id, segment_choice_id, question_id, kind, status, day, choice_id, number)
       DO UPDATE SET count = count + excluded.count`,
    );
    for (const tally of segmentTallies) addSegmentTally.run({ ...tally });
    for (const [surveyId, tally] of counts) {
      run(
        `UPDATE surveys SET completed_count = completed_count + @completed, partial_count = partial_count + @partial,
           disqualified_count = disqualified_count + @disqualified WHERE id = @surveyId`,
        { surveyId, ...tally },
      );
    }
  });

  const answersOf = (seqs: readonly number[]) =>
    answersBySeq(
      all<AnswerRow>(
        `SELECT a.response_seq, a.question_id, a.choice_id, a.number, a.text
         FROM answers a LEFT JOIN questions q ON q.id = a.question_id LEFT JOIN choices c ON c.id = a.choice_id
         WHERE a.response_seq IN (SELECT value FROM json_each(@seqs))
         ORDER BY a.response_seq, q.position, c.position`,
        { seqs: JSON.stringify(seqs) },
      ),
    );

  return {
    async insertResponses(responses) {
      insertResponsesTx(responses);
    },
    async findResponse(id) {
      const row = one<ResponseRow>('SELECT * FROM responses WHERE id = @id', { id });
      return row && toResponse(row, answersOf([row.seq]).get(row.seq) ?? []);
    },
    async listResponses(filter, after, limit) {
      const params = new NamedParams({ limit });
      let where = responseFilterSql(filter, params);
      if (after) {
        where += ' AND (r.submitted_at < @afterTime OR (r.submitted_at = @afterTime AND r.seq < @afterSeq))';
        Object.assign(params.values, { afterTime: after.submittedAt, afterSeq: after.seq });
      }
      const sql = `SELECT r.* FROM responses r WHERE ${where} ORDER BY r.submitted_at DESC, r.seq DESC LIMIT @limit`;
      // A `where` test runs per response until a page is found: over a whole survey when few match.
      const rows = filter.where ? await scanning.all<ResponseRow>(sql, params.values) : all<ResponseRow>(sql, params.values);
      return toResponsePage(rows, answersOf(rows.map((row) => row.seq)));
    },
    async countResponses(filter: ResponseFilter) {
      const params = new NamedParams();
      if (filter.where) {
        // Each response has one matching answer row at most, so the covering answer index counts them.
        const where = answerFilterSql({ filter, questionId: filter.where.questionId }, params);
        const match = conditionSql('a', filter.where, params);
        return (await scanning.one<{ n: number }>(`SELECT COUNT(*) AS n FROM answers a WHERE ${where} AND ${match}`, params.values))!.n;
      }
      const where = responseFilterSql(filter, params);
      return one<{ n: number }>(`SELECT COUNT(*) AS n FROM responses r WHERE ${where}`, params.values)!.n;
    },
  };
}
