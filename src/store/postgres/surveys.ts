import type { Survey, SurveyDetailRecord, SurveyFields, SurveyListQuery, SurveyStore } from '../survey-store.js';
import { accountRowMappers, type UserRow } from '../account-rows.js';
import {
  surveyRowMappers,
  surveyColumns,
  toCollaborator,
  type CollaboratorRow,
  type GrantsRow,
  type SurveyListingRow,
  type SurveyRow,
} from '../survey-rows.js';
import type { Queryable } from '../queryable.js';
import { Params, postgresDialect, prepared, type PostgresColumns, type PostgresDatabase } from './database.js';
import { insertQuestionRow, questionColumns, toQuestions, type QuestionColumns } from './questions.js';
import { containing } from '../survey-filters.js';

const { toListing, toSurvey, toSurveyAccess } = surveyRowMappers(postgresDialect);
const { toUser } = accountRowMappers(postgresDialect);

// Every tool that opens a survey reads this: the survey, the person and their two grants on it,
// in one round trip. The records come as JSON: a few columns are cheaper to receive than the
// survey's twenty, and a column a later migration adds does not change a prepared result.
const accessColumns = 'to_json(s) AS survey, m.role AS workspace_role, c.role AS collaborator_role, to_json(u) AS account';
/** The survey `surveyId` and the grants of the person `userId` on it (SQL expressions, e.g. `$2`). */
const accessFrom = (surveyId: string, userId: string) => `
  FROM surveys s
  LEFT JOIN users u ON u.id = ${userId}
  LEFT JOIN workspace_members m ON m.workspace_id = s.workspace_id AND m.user_id = ${userId}
  LEFT JOIN collaborators c ON c.survey_id = s.id AND c.user_id = ${userId}
  WHERE s.id = ${surveyId}`;
const surveyAccess = prepared(`SELECT ${accessColumns} ${accessFrom('$1', '$2')}`);

/** get_survey's one read: the access read with the questions, choices and collaborators as JSON arrays. */
export const surveyDetailSql = (surveyId: string, userId: string) => `
  SELECT ${accessColumns}, ${questionColumns('q.survey_id = s.id')},
    (SELECT json_agg(json_build_object('survey_id', k.survey_id, 'user_id', k.user_id, 'email', ku.email, 'name', ku.name,
                                       'role', k.role, 'granted_by', k.granted_by, 'granted_at', k.granted_at) ORDER BY ku.email_key)
     FROM collaborators k JOIN users ku ON ku.id = k.user_id WHERE k.survey_id = s.id) AS collaborators
  ${accessFrom(surveyId, userId)}`;
const surveyDetail = prepared(surveyDetailSql('$1', '$2'));

type AccessRow = GrantsRow & { survey: SurveyRow<PostgresColumns>; account: UserRow<PostgresColumns> | null };
const accessOf = (row: AccessRow) => toSurveyAccess(row.survey, row, row.account ? toUser(row.account) : undefined);

/** The columns of `surveyDetailSql`. */
export type SurveyDetailRow = AccessRow & QuestionColumns & { collaborators: CollaboratorRow[] | null };

export const toSurveyDetail = (row: SurveyDetailRow): SurveyDetailRecord => ({
  ...accessOf(row),
  questions: toQuestions(row),
  collaborators: (row.collaborators ?? []).map(toCollaborator),
});

type SurveyRecordStore = Pick<
  SurveyStore,
  'insertSurvey' | 'findSurveysDueToClose' | 'findSurvey' | 'findSurveyAccess' | 'findSurveyDetail' | 'updateSurvey' | 'listSurveysFor' | 'countSurveysFor'
>;

async function surveyById(q: Queryable, id: string): Promise<Survey | undefined> {
  const row = await q.one<SurveyRow<PostgresColumns>>('SELECT * FROM surveys WHERE id = $1', [id]);
  return row && toSurvey(row);
}

/** The surveys a user may see (owner, workspace admin or collaborator), narrowed by the query. */
function listingSql(query: SurveyListQuery, params: Params): string {
  const user = params.add(query.userId);
  const conditions = [`(s.owner_id = ${user} OR m.role = 'admin' OR c.role IS NOT NULL)`];
  if (query.workspaceId !== undefined) conditions.push(`s.workspace_id = ${params.add(query.workspaceId)}`);
  if (query.status !== undefined) conditions.push(`s.status = ${params.add(query.status)}`);
  if (query.query !== undefined) conditions.push(`s.title ILIKE ${params.add(containing(query.query))}`);
  return `FROM surveys s
    LEFT JOIN workspace_members m ON m.workspace_id = s.workspace_id AND m.user_id = ${user}
    LEFT JOIN collaborators c ON c.survey_id = s.id AND c.user_id = ${user}
    WHERE ${conditions.join(' AND ')}`;
}

export function postgresSurveyRecordStore(db: PostgresDatabase): SurveyRecordStore {
  return {
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
    async findSurveyAccess(surveyId, userId) {
      const row = await db.one<AccessRow>(surveyAccess, [surveyId, userId]);
      return row && accessOf(row);
    },
    async findSurveyDetail(surveyId, userId) {
      const row = await db.one<SurveyDetailRow>(surveyDetail, [surveyId, userId]);
      return row && toSurveyDetail(row);
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
  };
}
