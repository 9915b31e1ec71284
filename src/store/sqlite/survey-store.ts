import type {
  AggregateScope,
  Choice,
  Collaborator,
  NewQuestion,
  NewSurvey,
  NumericStats,
  Question,
  QuestionFields,
  ResponseFilter,
  ResponseKey,
  SurveyFields,
  SurveyListQuery,
  SurveyResponse,
  SurveyStore,
} from '../survey-store.js';
import { answersBySeq, choicesByQuestion, labelKey, rowMappers, surveyColumns, toCollaborator, toMembership, toResponse, toWorkspace } from '../rows.js';
import type { AnswerRow, ChoiceRow, CollaboratorRow, MembershipRow, QuestionRow, ResponseRow, SurveyListingRow, SurveyRow, WorkspaceRow } from '../rows.js';
import { sqliteDialect, type SqliteColumns, type SqliteDatabase } from './database.js';
import { rollupOf, statsOfHistogram, tallyWindow, type TallyKind } from '../tallies.js';
import { answerFilterSql, conditionSql, responseFilterSql, tallySql, type Bindings } from './survey-filters.js';

const { toListing, toQuestion, toSurvey } = rowMappers(sqliteDialect);

export function sqliteSurveyStore(db: SqliteDatabase): SurveyStore {
  // Filters vary the SQL text (status lists, optional bounds), so statements are prepared once per shape.
  const statements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const one = <T>(sql: string, bindings: Bindings = {}) => prepared(sql).get(bindings) as T | undefined;
  const all = <T>(sql: string, bindings: Bindings = {}) => prepared(sql).all(bindings) as T[];
  const run = (sql: string, bindings: Bindings = {}) => prepared(sql).run(bindings);

  const surveyById = (id: string) => {
    const row = one<SurveyRow<SqliteColumns>>('SELECT * FROM surveys WHERE id = @id', { id });
    return row && toSurvey(row);
  };

  /** Questions with their choices, in position order: two queries whatever the count. */
  const questionsWhere = (column: 'id' | 'survey_id', value: string): Question[] => {
    const rows = all<QuestionRow<SqliteColumns>>(`SELECT * FROM questions WHERE ${column} = @value ORDER BY position`, { value });
    // The IN list is walked in question id order, so choices_question delivers the rows without a sort.
    const choices = all<ChoiceRow>(
      `SELECT question_id, id, label FROM choices WHERE question_id IN (SELECT id FROM questions WHERE ${column} = @value)
       ORDER BY question_id, position`,
      { value },
    );
    const byQuestion = choicesByQuestion(choices);
    return rows.map((row) => toQuestion(row, byQuestion.get(row.id) ?? []));
  };

  const questionById = (id: string): Question | undefined => questionsWhere('id', id)[0];

  const insertChoice = (questionId: string, choice: Choice, position: number) =>
    run(
      `INSERT INTO choices (id, question_id, position, label, label_key)
       VALUES (@id, @questionId, @position, @label, @labelKey)`,
      { id: choice.id, questionId, position, label: choice.label, labelKey: labelKey(choice.label) },
    );

  const insertQuestionRow = (question: NewQuestion, position: number) => {
    run(
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
    question.choices.forEach((choice, index) => insertChoice(question.id, choice, index + 1));
  };

  const insertSurveyTx = db.transaction((survey: NewSurvey, questions: readonly NewQuestion[]) => {
    run(
      `INSERT INTO surveys (id, workspace_id, owner_id, title, description, status, previous_status, anonymous,
         opens_at, closes_at, response_limit, created_at, updated_at, published_at, closed_at, archived_at)
       VALUES (@id, @workspaceId, @ownerId, @title, @description, @status, @previousStatus, @anonymous,
         @opensAt, @closesAt, @responseLimit, @createdAt, @updatedAt, @publishedAt, @closedAt, @archivedAt)`,
      { ...survey, anonymous: survey.anonymous ? 1 : 0 },
    );
    questions.forEach((question, index) => insertQuestionRow(question, index + 1));
  });

  const insertQuestionTx = db.transaction((question: NewQuestion, position: number) => {
    run('UPDATE questions SET position = position + 1 WHERE survey_id = @surveyId AND position >= @position', {
      surveyId: question.surveyId,
      position,
    });
    insertQuestionRow(question, position);
  });

  const moveQuestion = (question: Question, position: number) => {
    if (position === question.position) return;
    const [shift, from, to] =
      position > question.position ? [-1, question.position + 1, position] : [1, position, question.position - 1];
    run(
      `UPDATE questions SET position = position + @shift
       WHERE survey_id = @surveyId AND position BETWEEN @from AND @to`,
      { shift, surveyId: question.surveyId, from, to },
    );
    run('UPDATE questions SET position = @position WHERE id = @id', { position, id: question.id });
  };

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
          insertChoice(question.id, choice, index + 1);
        }
      });
      moveQuestion(question, position);
    },
  );

  const deleteQuestionTx = db.transaction((question: Question) => {
    run('DELETE FROM questions WHERE id = @id', { id: question.id });
    run('UPDATE questions SET position = position - 1 WHERE survey_id = @surveyId AND position > @position', {
      surveyId: question.surveyId,
      position: question.position,
    });
  });

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

  const collaboratorsOf = (surveyId: string, userId?: string): Collaborator[] =>
    all<CollaboratorRow>(
      `SELECT c.survey_id, c.user_id, u.email, u.name, c.role, c.granted_by, c.granted_at
       FROM collaborators c JOIN users u ON u.id = c.user_id
       WHERE c.survey_id = @surveyId AND (@userId IS NULL OR c.user_id = @userId) ORDER BY u.email_key`,
      { surveyId, userId: userId ?? null },
    ).map(toCollaborator);

  const listingSql = (query: SurveyListQuery, bindings: Bindings): string => {
    const conditions = ['(s.owner_id = @userId OR m.role = \'admin\' OR c.role IS NOT NULL)'];
    bindings.userId = query.userId;
    if (query.workspaceId !== undefined) {
      conditions.push('s.workspace_id = @workspaceId');
      bindings.workspaceId = query.workspaceId;
    }
    if (query.status !== undefined) {
      conditions.push('s.status = @status');
      bindings.status = query.status;
    }
    if (query.query !== undefined) {
      conditions.push(`s.title LIKE @query ESCAPE '\\'`);
      bindings.query = `%${query.query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    }
    return `FROM surveys s
      LEFT JOIN workspace_members m ON m.workspace_id = s.workspace_id AND m.user_id = @userId
      LEFT JOIN collaborators c ON c.survey_id = s.id AND c.user_id = @userId
      WHERE ${conditions.join(' AND ')}`;
  };

  const aggregate = (scope: AggregateScope, select: string, extra = '', tail = '', join = '') => {
    const bindings: Bindings = {};
    const where = answerFilterSql(scope, bindings);
    return { sql: `SELECT ${select} FROM answers a ${join} WHERE ${where}${extra} ${tail}`, bindings };
  };

  /** Rows of one tally kind when the rollup can answer the scope (see `tallyWindow`). */
  const tallied = (kind: TallyKind, scope: AggregateScope) => {
    const window = tallyWindow(scope);
    if (!window) return undefined;
    const bindings: Bindings = {};
    return all<{ choice_id: string; number: number; n: number }>(tallySql(kind, scope, window, bindings), bindings);
  };

  return {
    async insertWorkspace(workspace) {
      run('INSERT INTO workspaces (id, name, created_at) VALUES (@id, @name, @createdAt)', { ...workspace });
    },
    async findWorkspace(id) {
      const row = one<WorkspaceRow>('SELECT * FROM workspaces WHERE id = @id', { id });
      return row && toWorkspace(row);
    },
    async setWorkspaceMember(workspaceId, userId, role) {
      run(
        `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (@workspaceId, @userId, @role)
         ON CONFLICT (workspace_id, user_id) DO UPDATE SET role = excluded.role`,
        { workspaceId, userId, role },
      );
    },
    async findWorkspaceRole(workspaceId, userId) {
      return one<{ role: 'admin' | 'member' }>(
        'SELECT role FROM workspace_members WHERE workspace_id = @workspaceId AND user_id = @userId',
        { workspaceId, userId },
      )?.role;
    },
    async listMemberships(userId) {
      return all<MembershipRow>(
        `SELECT w.id, w.name, w.created_at, m.role FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
         WHERE m.user_id = @userId ORDER BY w.name, w.id`,
        { userId },
      ).map(toMembership);
    },

    async insertSurvey(survey, questions) {
      insertSurveyTx(survey, questions);
      return surveyById(survey.id)!;
    },
    async findSurveysDueToClose(query, nowMs) {
      const bindings: Bindings = { nowMs };
      const covered = listingSql({ ...query, status: undefined }, bindings);
      return all<SurveyRow<SqliteColumns>>(`SELECT s.* ${covered} AND s.status IN ('open', 'paused')
        AND ((s.closes_at IS NOT NULL AND s.closes_at <= @nowMs) OR (s.response_limit IS NOT NULL AND s.completed_count >= s.response_limit))`, bindings).map(toSurvey);
    },
    async findSurvey(id) {
      return surveyById(id);
    },
    async updateSurvey(id, fields) {
      const entries = Object.entries(fields).filter(([, value]) => value !== undefined) as Array<
        [keyof SurveyFields, unknown]
      >;
      if (entries.length > 0) {
        const bindings: Bindings = { id };
        const sets = entries.map(([field, value]) => {
          bindings[field] = typeof value === 'boolean' ? (value ? 1 : 0) : (value as Bindings[string]);
          return `${surveyColumns[field]} = @${field}`;
        });
        run(`UPDATE surveys SET ${sets.join(', ')} WHERE id = @id`, bindings);
      }
      return surveyById(id)!;
    },
    async listSurveysFor(query, after, limit) {
      const bindings: Bindings = { limit };
      let sql = `SELECT s.*, m.role AS workspace_role, c.role AS collaborator_role,
        (SELECT COUNT(*) FROM questions q WHERE q.survey_id = s.id) AS question_count ${listingSql(query, bindings)}`;
      if (after) {
        sql += ' AND (s.created_at < @afterTime OR (s.created_at = @afterTime AND s.id < @afterId))';
        Object.assign(bindings, { afterTime: after.createdAt, afterId: after.id });
      }
      sql += ' ORDER BY s.created_at DESC, s.id DESC LIMIT @limit';
      return all<SurveyListingRow<SqliteColumns>>(sql, bindings).map(toListing);
    },
    async countSurveysFor(query) {
      const bindings: Bindings = {};
      return one<{ n: number }>(`SELECT COUNT(*) AS n ${listingSql(query, bindings)}`, bindings)!.n;
    },

    async findCollaborator(surveyId, userId) {
      return collaboratorsOf(surveyId, userId)[0];
    },
    async listCollaborators(surveyId) {
      return collaboratorsOf(surveyId);
    },
    async setCollaborator(collaborator) {
      run(
        `INSERT INTO collaborators (survey_id, user_id, role, granted_by, granted_at)
         VALUES (@surveyId, @userId, @role, @grantedBy, @grantedAt)
         ON CONFLICT (survey_id, user_id) DO UPDATE
           SET role = excluded.role, granted_by = excluded.granted_by, granted_at = excluded.granted_at
           WHERE collaborators.role <> excluded.role`,
        { ...collaborator },
      );
    },
    async removeCollaborator(surveyId, userId) {
      return run('DELETE FROM collaborators WHERE survey_id = @surveyId AND user_id = @userId', { surveyId, userId }).changes === 1;
    },

    async listQuestions(surveyId) {
      return questionsWhere('survey_id', surveyId);
    },
    async findQuestion(id) {
      return questionById(id);
    },
    async insertQuestion(question, position) {
      insertQuestionTx(question, position);
      return questionById(question.id)!;
    },
    async updateQuestion(id, fields, choices, position) {
      updateQuestionTx(questionById(id)!, fields, choices, position);
      return questionById(id)!;
    },
    async deleteQuestion(id) {
      const question = questionById(id);
      if (question) deleteQuestionTx(question);
    },

    async insertResponses(responses) {
      insertResponsesTx(responses);
    },
    async findResponse(id) {
      const row = one<ResponseRow>('SELECT * FROM responses WHERE id = @id', { id });
      return row && toResponse(row, answersOf([row.seq]).get(row.seq) ?? []);
    },
    async listResponses(filter, after, limit) {
      const bindings: Bindings = { limit };
      let where = responseFilterSql(filter, bindings);
      if (after) {
        where += ' AND (r.submitted_at < @afterTime OR (r.submitted_at = @afterTime AND r.seq < @afterSeq))';
        Object.assign(bindings, { afterTime: after.submittedAt, afterSeq: after.seq });
      }
      const rows = all<ResponseRow>(
        `SELECT r.* FROM responses r WHERE ${where} ORDER BY r.submitted_at DESC, r.seq DESC LIMIT @limit`,
        bindings,
      );
      const answers = answersOf(rows.map((row) => row.seq));
      return {
        responses: rows.map((row) => ({
          ...toResponse(row, answers.get(row.seq) ?? []),
          key: { submittedAt: row.submitted_at, seq: row.seq } satisfies ResponseKey,
        })),
      };
    },
    async countResponses(filter: ResponseFilter) {
      const bindings: Bindings = {};
      if (filter.where) {
        // Each response has one matching answer row at most, so the covering answer index counts them.
        const where = answerFilterSql({ filter, questionId: filter.where.questionId }, bindings);
        const match = conditionSql('a', filter.where, bindings);
        return one<{ n: number }>(`SELECT COUNT(*) AS n FROM answers a WHERE ${where} AND ${match}`, bindings)!.n;
      }
      const where = responseFilterSql(filter, bindings);
      return one<{ n: number }>(`SELECT COUNT(*) AS n FROM responses r WHERE ${where}`, bindings)!.n;
    },

    async countAnswered(scope) {
      const tallies = tallied('answered', scope);
      if (tallies) return tallies.reduce((total, row) => total + row.n, 0);
      // Only multiple choice stores several rows per response; counting distinct responses costs a sort.
      const type = one<{ type: string }>('SELECT type FROM questions WHERE id = @id', { id: scope.questionId })?.type;
      const counted = type === 'multiple_choice' ? 'COUNT(DISTINCT a.response_seq)' : 'COUNT(*)';
      const { sql, bindings } = aggregate(scope, `${counted} AS n`);
      return one<{ n: number }>(sql, bindings)!.n;
    },
    async countChoices(scope) {
      const tallies = tallied('choice', scope);
      if (tallies) return new Map(tallies.map((row) => [row.choice_id, row.n]));
      // Grouping by status first follows the index order, so no temporary sort is needed.
      const { sql, bindings } = aggregate(scope, 'a.choice_id, COUNT(*) AS n', ' AND a.choice_id IS NOT NULL', 'GROUP BY a.status, a.choice_id');
      const counts = new Map<string, number>();
      for (const row of all<{ choice_id: string; n: number }>(sql, bindings)) {
        counts.set(row.choice_id, (counts.get(row.choice_id) ?? 0) + row.n);
      }
      return counts;
    },
    async numberDistribution(scope) {
      const tallies = tallied('number', scope);
      if (tallies) return tallies.map((row) => ({ value: row.number, count: row.n }));
      const { sql, bindings } = aggregate(scope, 'a.number AS value, COUNT(*) AS count', ' AND a.choice_id IS NULL AND a.number IS NOT NULL', 'GROUP BY a.number ORDER BY a.number');
      return all<{ value: number; count: number }>(sql, bindings);
    },
    async numericStats(scope): Promise<NumericStats> {
      const tallies = tallied('number', scope);
      if (tallies) return statsOfHistogram(tallies.map((row) => ({ value: row.number, count: row.n })));
      const numeric = ' AND a.choice_id IS NULL AND a.number IS NOT NULL';
      const { sql, bindings } = aggregate(scope, 'COUNT(*) AS count, AVG(a.number) AS mean, MIN(a.number) AS min, MAX(a.number) AS max', numeric);
      const stats = one<Omit<NumericStats, 'median'>>(sql, bindings)!;
      if (stats.count === 0) return { ...stats, mean: null, median: null };
      // The median walks the covering index in number order: the middle one or two values.
      const middle = aggregate(scope, 'a.number AS value', numeric, 'ORDER BY a.number LIMIT @take OFFSET @skip');
      const even = stats.count % 2 === 0;
      const values = all<{ value: number }>(middle.sql, {
        ...middle.bindings,
        take: even ? 2 : 1,
        skip: even ? stats.count / 2 - 1 : (stats.count - 1) / 2,
      }).map((row) => row.value);
      const median = values.reduce((sum, value) => sum + value, 0) / values.length;
      return { ...stats, median };
    },
    async dateRange(scope) {
      const { sql, bindings } = aggregate(scope, 'MIN(a.text) AS earliest, MAX(a.text) AS latest', ' AND a.choice_id IS NULL AND a.number IS NULL');
      return one<{ earliest: string | null; latest: string | null }>(sql, bindings)!;
    },
    async latestTexts(scope, limit) {
      const { sql, bindings } = aggregate(
        scope,
        'r.id AS responseId, a.text AS text, a.submitted_at AS submittedAt',
        ' AND a.choice_id IS NULL AND a.number IS NULL',
        'ORDER BY a.submitted_at DESC, a.response_seq DESC LIMIT @limit',
        'JOIN responses r ON r.seq = a.response_seq',
      );
      return all<{ responseId: string; text: string; submittedAt: number }>(sql, { ...bindings, limit });
    },
  };
}
