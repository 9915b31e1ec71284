import type {
  AggregateScope,
  Choice,
  Collaborator,
  NewQuestion,
  NumericStats,
  Question,
  ResponseFilter,
  ResponseKey,
  Survey,
  SurveyFields,
  SurveyListQuery,
  SurveyResponse,
  SurveyStore,
} from '../survey-store.js';
import { Params, postgresDialect, type PostgresColumns, type PostgresDatabase, type Queryable } from './database.js';
import { answersBySeq, choicesByQuestion, labelKey, rowMappers, surveyColumns, toCollaborator, toMembership, toResponse, toWorkspace } from '../rows.js';
import type { AnswerRow, ChoiceRow, CollaboratorRow, MembershipRow, QuestionRow, ResponseRow, SurveyListingRow, SurveyRow, WorkspaceRow } from '../rows.js';
import { rollupOf, statsOfHistogram, tallyWindow, type Tally, type TallyKind } from '../tallies.js';
import { answerFilterSql, containing, responseFilterSql, tallySql } from './survey-filters.js';

const { toListing, toQuestion, toSurvey } = rowMappers(postgresDialect);

/** Responses per INSERT statement: bounds the size of one message to the server. */
const responsesPerStatement = 5000;

async function surveyById(q: Queryable, id: string): Promise<Survey | undefined> {
  const row = await q.one<SurveyRow<PostgresColumns>>('SELECT * FROM surveys WHERE id = $1', [id]);
  return row && toSurvey(row);
}

/** Questions with their choices, in position order: two queries whatever the count. */
async function questionsWhere(q: Queryable, column: 'id' | 'survey_id', value: string): Promise<Question[]> {
  const rows = await q.rows<QuestionRow<PostgresColumns>>(`SELECT * FROM questions WHERE ${column} = $1 ORDER BY position`, [value]);
  const choices = await q.rows<ChoiceRow>(
    'SELECT question_id, id, label FROM choices WHERE question_id = ANY($1::text[]) ORDER BY question_id, position',
    [rows.map((row) => row.id)],
  );
  const byQuestion = choicesByQuestion(choices);
  return rows.map((row) => toQuestion(row, byQuestion.get(row.id) ?? []));
}

const questionById = async (q: Queryable, id: string) => (await questionsWhere(q, 'id', id))[0];

async function insertChoices(tx: Queryable, questionId: string, choices: ReadonlyArray<Choice & { position: number }>) {
  if (choices.length === 0) return;
  await tx.run(
    `INSERT INTO choices (id, question_id, position, label, label_key)
     SELECT id, $1, position, label, label_key FROM unnest($2::text[], $3::int[], $4::text[], $5::text[]) AS c(id, position, label, label_key)`,
    [questionId, choices.map((c) => c.id), choices.map((c) => c.position), choices.map((c) => c.label), choices.map((c) => labelKey(c.label))],
  );
}

async function insertQuestionRow(tx: Queryable, question: NewQuestion, position: number): Promise<void> {
  await tx.run(
    `INSERT INTO questions (id, survey_id, position, type, text, description, required, settings)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [question.id, question.surveyId, position, question.type, question.text, question.description, question.required, JSON.stringify(question.settings)],
  );
  await insertChoices(tx, question.id, question.choices.map((choice, index) => ({ ...choice, position: index + 1 })));
}

async function moveQuestion(tx: Queryable, question: Question, position: number): Promise<void> {
  if (position === question.position) return;
  const [shift, from, to] =
    position > question.position ? [-1, question.position + 1, position] : [1, position, question.position - 1];
  await tx.run('UPDATE questions SET position = position + $1 WHERE survey_id = $2 AND position BETWEEN $3 AND $4', [
    shift,
    question.surveyId,
    from,
    to,
  ]);
  await tx.run('UPDATE questions SET position = $1 WHERE id = $2', [position, question.id]);
}

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

export function postgresSurveyStore(db: PostgresDatabase): SurveyStore {
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

  const collaboratorsOf = async (surveyId: string, userId?: string): Promise<Collaborator[]> => {
    const rows = await db.rows<CollaboratorRow>(
      `SELECT c.survey_id, c.user_id, u.email, u.name, c.role, c.granted_by, c.granted_at
       FROM collaborators c JOIN users u ON u.id = c.user_id
       WHERE c.survey_id = $1 AND ($2::text IS NULL OR c.user_id = $2) ORDER BY u.email_key`,
      [surveyId, userId ?? null],
    );
    return rows.map(toCollaborator);
  };

  const listingSql = (query: SurveyListQuery, params: Params): string => {
    const user = params.add(query.userId);
    const conditions = [`(s.owner_id = ${user} OR m.role = 'admin' OR c.role IS NOT NULL)`];
    if (query.workspaceId !== undefined) conditions.push(`s.workspace_id = ${params.add(query.workspaceId)}`);
    if (query.status !== undefined) conditions.push(`s.status = ${params.add(query.status)}`);
    if (query.query !== undefined) conditions.push(`s.title ILIKE ${params.add(containing(query.query))}`);
    return `FROM surveys s
      LEFT JOIN workspace_members m ON m.workspace_id = s.workspace_id AND m.user_id = ${user}
      LEFT JOIN collaborators c ON c.survey_id = s.id AND c.user_id = ${user}
      WHERE ${conditions.join(' AND ')}`;
  };

  const aggregate = (scope: AggregateScope, select: string, extra = '', tail = '', join = '') => {
    const params = new Params();
    const where = answerFilterSql(scope, params);
    return { sql: `SELECT ${select} FROM answers a ${join} WHERE ${where}${extra} ${tail}`, params };
  };
  const numeric = ' AND a.choice_id IS NULL AND a.number IS NOT NULL';
  /** Rows of one tally kind when the rollup can answer the scope (see `tallyWindow`). */
  const tallied = async (kind: TallyKind, scope: AggregateScope) => {
    const window = tallyWindow(scope);
    if (!window) return undefined;
    const params = new Params();
    const sql = tallySql(kind, scope, window, params);
    return db.rows<{ choice_id: string; number: number; n: number }>(sql, params.values);
  };
  const textual = ' AND a.choice_id IS NULL AND a.number IS NULL';

  return {
    async insertWorkspace(workspace) {
      await db.run('INSERT INTO workspaces (id, name, created_at) VALUES ($1, $2, $3)', [workspace.id, workspace.name, workspace.createdAt]);
    },
    async findWorkspace(id) {
      const row = await db.one<WorkspaceRow>('SELECT * FROM workspaces WHERE id = $1', [id]);
      return row && toWorkspace(row);
    },
    async setWorkspaceMember(workspaceId, userId, role) {
      await db.run(
        `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)
         ON CONFLICT (workspace_id, user_id) DO UPDATE SET role = excluded.role`,
        [workspaceId, userId, role],
      );
    },
    async findWorkspaceRole(workspaceId, userId) {
      const row = await db.one<{ role: 'admin' | 'member' }>(
        'SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2',
        [workspaceId, userId],
      );
      return row?.role;
    },
    async listMemberships(userId) {
      const rows = await db.rows<MembershipRow>(
        `SELECT w.id, w.name, w.created_at, m.role FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
         WHERE m.user_id = $1 ORDER BY w.name, w.id`,
        [userId],
      );
      return rows.map(toMembership);
    },

    async insertSurvey(survey, questions) {
      return db.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO surveys (id, workspace_id, owner_id, title, description, status, previous_status, anonymous,
             opens_at, closes_at, response_limit, created_at, updated_at, published_at, closed_at, archived_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
          [
            survey.id,
            survey.workspaceId,
            survey.ownerId,
            survey.title,
            survey.description,
            survey.status,
            survey.previousStatus,
            survey.anonymous,
            survey.opensAt,
            survey.closesAt,
            survey.responseLimit,
            survey.createdAt,
            survey.updatedAt,
            survey.publishedAt,
            survey.closedAt,
            survey.archivedAt,
          ],
        );
        for (const [index, question] of questions.entries()) await insertQuestionRow(tx, question, index + 1);
        return (await surveyById(tx, survey.id))!;
      });
    },
    async findSurveysDueToClose(query, nowMs) {
      const params = new Params();
      const covered = listingSql({ ...query, status: undefined }, params);
      const sql = `SELECT s.* ${covered} AND s.status IN ('open', 'paused')
        AND ((s.closes_at IS NOT NULL AND s.closes_at <= ${params.add(nowMs)}) OR (s.response_limit IS NOT NULL AND s.completed_count >= s.response_limit))`;
      return (await db.rows<SurveyRow<PostgresColumns>>(sql, params.values)).map(toSurvey);
    },
    async findSurvey(id) {
      return surveyById(db, id);
    },
    async updateSurvey(id, fields) {
      const entries = Object.entries(fields).filter(([, value]) => value !== undefined) as Array<[keyof SurveyFields, unknown]>;
      if (entries.length === 0) return (await surveyById(db, id))!;
      const params = new Params();
      const sets = entries.map(([field, value]) => `${surveyColumns[field]} = ${params.add(value)}`);
      const row = await db.one<SurveyRow<PostgresColumns>>(`UPDATE surveys SET ${sets.join(', ')} WHERE id = ${params.add(id)} RETURNING *`, params.values);
      return toSurvey(row!);
    },
    async listSurveysFor(query, after, limit) {
      const params = new Params();
      let sql = `SELECT s.*, m.role AS workspace_role, c.role AS collaborator_role,
        (SELECT COUNT(*) FROM questions q WHERE q.survey_id = s.id) AS question_count ${listingSql(query, params)}`;
      if (after) sql += ` AND (s.created_at, s.id) < (${params.add(after.createdAt)}, ${params.add(after.id)})`;
      sql += ` ORDER BY s.created_at DESC, s.id DESC LIMIT ${params.add(limit)}`;
      return (await db.rows<SurveyListingRow<PostgresColumns>>(sql, params.values)).map(toListing);
    },
    async countSurveysFor(query) {
      const params = new Params();
      return (await db.one<{ n: number }>(`SELECT COUNT(*) AS n ${listingSql(query, params)}`, params.values))!.n;
    },

    async findCollaborator(surveyId, userId) {
      return (await collaboratorsOf(surveyId, userId))[0];
    },
    async listCollaborators(surveyId) {
      return collaboratorsOf(surveyId);
    },
    async setCollaborator(collaborator) {
      await db.run(
        `INSERT INTO collaborators (survey_id, user_id, role, granted_by, granted_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (survey_id, user_id) DO UPDATE
           SET role = excluded.role, granted_by = excluded.granted_by, granted_at = excluded.granted_at
           WHERE collaborators.role <> excluded.role`,
        [collaborator.surveyId, collaborator.userId, collaborator.role, collaborator.grantedBy, collaborator.grantedAt],
      );
    },
    async removeCollaborator(surveyId, userId) {
      return (await db.run('DELETE FROM collaborators WHERE survey_id = $1 AND user_id = $2', [surveyId, userId])) === 1;
    },

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
      const rows = await db.rows<ResponseRow>(
        `SELECT r.* FROM responses r WHERE ${where} ORDER BY r.submitted_at DESC, r.seq DESC LIMIT ${params.add(limit)}`,
        params.values,
      );
      const answers = await answersOf(rows.map((row) => row.seq));
      return {
        responses: rows.map((row) => ({
          ...toResponse(row, answers.get(row.seq) ?? []),
          key: { submittedAt: row.submitted_at, seq: row.seq } satisfies ResponseKey,
        })),
      };
    },
    async countResponses(filter: ResponseFilter) {
      const params = new Params();
      const where = responseFilterSql(filter, params);
      return (await db.one<{ n: number }>(`SELECT COUNT(*) AS n FROM responses r WHERE ${where}`, params.values))!.n;
    },

    async countAnswered(scope) {
      const tallies = await tallied('answered', scope);
      if (tallies) return tallies.reduce((total, row) => total + row.n, 0);
      // Only multiple choice stores several rows per response; counting distinct responses costs a sort.
      const type = (await db.one<{ type: string }>('SELECT type FROM questions WHERE id = $1', [scope.questionId]))?.type;
      const counted = type === 'multiple_choice' ? 'COUNT(DISTINCT a.response_seq)' : 'COUNT(*)';
      const { sql, params } = aggregate(scope, `${counted} AS n`);
      return (await db.one<{ n: number }>(sql, params.values))!.n;
    },
    async countChoices(scope) {
      const tallies = await tallied('choice', scope);
      if (tallies) return new Map(tallies.map((row) => [row.choice_id, row.n]));
      // Ordered as SQLite's GROUP BY status, choice_id yields them, so both backends fill the map alike.
      const { sql, params } = aggregate(scope, 'a.choice_id, COUNT(*) AS n', ' AND a.choice_id IS NOT NULL', 'GROUP BY a.choice_id ORDER BY MIN(a.status), a.choice_id');
      const rows = await db.rows<{ choice_id: string; n: number }>(sql, params.values);
      return new Map(rows.map((row) => [row.choice_id, row.n]));
    },
    async numberDistribution(scope) {
      const tallies = await tallied('number', scope);
      if (tallies) return tallies.map((row) => ({ value: row.number, count: row.n }));
      const { sql, params } = aggregate(scope, 'a.number AS value, COUNT(*) AS count', numeric, 'GROUP BY a.number ORDER BY a.number');
      return db.rows<{ value: number; count: number }>(sql, params.values);
    },
    async numericStats(scope): Promise<NumericStats> {
      const tallies = await tallied('number', scope);
      if (tallies) return statsOfHistogram(tallies.map((row) => ({ value: row.number, count: row.n })));
      // The lower and upper middle values: percentile_disc(0.5) ascending and descending. Their
      // mean is the median exactly as SQLite's store computes it (one value twice when the count is odd).
      const { sql, params } = aggregate(
        scope,
        `COUNT(*) AS count, AVG(a.number) AS mean, MIN(a.number) AS min, MAX(a.number) AS max,
         percentile_disc(0.5) WITHIN GROUP (ORDER BY a.number) AS lower,
         percentile_disc(0.5) WITHIN GROUP (ORDER BY a.number DESC) AS upper`,
        numeric,
      );
      const { lower, upper, ...stats } = (await db.one<NumericStats & { lower: number | null; upper: number | null }>(sql, params.values))!;
      if (stats.count === 0) return { ...stats, mean: null, median: null };
      return { ...stats, median: (lower! + upper!) / 2 };
    },
    async dateRange(scope) {
      const { sql, params } = aggregate(scope, 'MIN(a.text) AS earliest, MAX(a.text) AS latest', textual);
      return (await db.one<{ earliest: string | null; latest: string | null }>(sql, params.values))!;
    },
    async latestTexts(scope, limit) {
      const { sql, params } = aggregate(
        scope,
        'r.id AS "responseId", a.text AS text, a.submitted_at AS "submittedAt"',
        textual,
        'ORDER BY a.submitted_at DESC, a.response_seq DESC',
        'JOIN responses r ON r.seq = a.response_seq',
      );
      return db.rows<{ responseId: string; text: string; submittedAt: number }>(`${sql} LIMIT ${params.add(limit)}`, params.values);
    },
  };
}
