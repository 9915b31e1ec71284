import type { NewQuestion, NewSurvey, SurveyFields, SurveyListQuery, SurveyStore } from '../survey-store.js';
import { accountRowMappers, type UserRow } from '../account-rows.js';
import { surveyRowMappers, surveyColumns, type SurveyGrantsRow, type SurveyListingRow, type SurveyRow } from '../survey-rows.js';
import { containing } from '../survey-filters.js';
import { sqliteDialect, type Bindings, type SqliteColumns } from './database.js';
import { insertQuestionRow } from './questions.js';
import type { SqliteStatements } from './statements.js';

const { toListing, toSurvey, toSurveyAccess } = surveyRowMappers(sqliteDialect);
const { toUser } = accountRowMappers(sqliteDialect);

type SurveyRecordStore = Pick<
  SurveyStore,
  'insertSurvey' | 'findSurveysDueToClose' | 'findSurvey' | 'findSurveyAccess' | 'updateSurvey' | 'listSurveysFor' | 'countSurveysFor'
>;

/** The surveys a user may see (owner, workspace admin or collaborator), narrowed by the query. */
function listingSql(query: SurveyListQuery, bindings: Bindings): string {
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
    bindings.query = containing(query.query);
  }
  return `FROM surveys s
    LEFT JOIN workspace_members m ON m.workspace_id = s.workspace_id AND m.user_id = @userId
    LEFT JOIN collaborators c ON c.survey_id = s.id AND c.user_id = @userId
    WHERE ${conditions.join(' AND ')}`;
}

export function sqliteSurveyRecordStore(s: SqliteStatements): SurveyRecordStore {
  const { db, one, all, run } = s;

  const surveyById = (id: string) => {
    const row = one<SurveyRow<SqliteColumns>>('SELECT * FROM surveys WHERE id = @id', { id });
    return row && toSurvey(row);
  };

  const insertSurveyTx = db.transaction((survey: NewSurvey, questions: readonly NewQuestion[]) => {
    run(
      `INSERT INTO surveys (id, workspace_id, owner_id, title, description, status, previous_status, anonymous,
         opens_at, closes_at, response_limit, created_at, updated_at, published_at, closed_at, archived_at)
       VALUES (@id, @workspaceId, @ownerId, @title, @description, @status, @previousStatus, @anonymous,
         @opensAt, @closesAt, @responseLimit, @createdAt, @updatedAt, @publishedAt, @closedAt, @archivedAt)`,
      { ...survey, anonymous: survey.anonymous ? 1 : 0 },
    );
    questions.forEach((question, index) => insertQuestionRow(s, question, index + 1));
  });

  return {
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
    async findSurveyAccess(surveyId, userId) {
      const row = one<SurveyGrantsRow<SqliteColumns>>(
        `SELECT s.*, m.role AS workspace_role, c.role AS collaborator_role FROM surveys s
         LEFT JOIN workspace_members m ON m.workspace_id = s.workspace_id AND m.user_id = @userId
         LEFT JOIN collaborators c ON c.survey_id = s.id AND c.user_id = @userId
         WHERE s.id = @surveyId`,
        { surveyId, userId },
      );
      if (!row) return undefined;
      const user = one<UserRow<SqliteColumns>>('SELECT * FROM users WHERE id = @userId', { userId });
      return toSurveyAccess(row, row, user && toUser(user));
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
  };
}
