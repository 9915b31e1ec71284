import type { User } from './account-store.js';
import type { AccessTokenRecord, AuthorizationCode, ConnectedApp, LiveToken, OAuthClient } from './auth-store.js';
import type {
  Answer,
  Choice,
  Collaborator,
  Membership,
  Question,
  Survey,
  SurveyFields,
  SurveyListing,
  SurveyResponse,
  Workspace,
  WorkspaceRole,
} from './survey-store.js';

/**
 * The rows both backends read, and one mapper per record. The SQL stays with each backend; only
 * the few column types the dialects return differently vary, named by `Columns`.
 */
export interface Columns {
  /** A boolean column: SQLite 0/1, PostgreSQL boolean. */
  readonly flag: unknown;
  /** A list of strings: SQLite JSON text, PostgreSQL text[]. */
  readonly list: unknown;
  /** A JSON object: SQLite JSON text, PostgreSQL jsonb. */
  readonly object: unknown;
}

/** How one dialect's values of those columns read as plain values (see each backend's database.ts). */
export interface Dialect<C extends Columns> {
  flag(value: C['flag']): boolean;
  list(value: C['list']): string[];
  object(value: C['object']): Record<string, unknown>;
}

/** Case-insensitive lookup keys, kept in their own columns. */
export const emailKey = (email: string): string => email.trim().toLowerCase();
export const labelKey = (label: string): string => label.trim().toLowerCase();

export interface UserRow<C extends Columns> {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  disabled: C['flag'];
  created_at: number;
}

export interface WorkspaceRow {
  id: string;
  name: string;
  created_at: number;
}

export type MembershipRow = WorkspaceRow & { role: WorkspaceRole };

export interface SurveyRow<C extends Columns> {
  id: string;
  workspace_id: string;
  owner_id: string;
  title: string;
  description: string;
  status: Survey['status'];
  previous_status: Survey['status'] | null;
  anonymous: C['flag'];
  opens_at: number | null;
  closes_at: number | null;
  response_limit: number | null;
  completed_count: number;
  partial_count: number;
  disqualified_count: number;
  created_at: number;
  updated_at: number;
  published_at: number | null;
  closed_at: number | null;
  archived_at: number | null;
}

export type SurveyListingRow<C extends Columns> = SurveyRow<C> & {
  workspace_role: WorkspaceRole | null;
  collaborator_role: Collaborator['role'] | null;
  question_count: number;
};

/** Survey columns an update may set, by field name. */
export const surveyColumns: Record<keyof SurveyFields, string> = {
  title: 'title',
  description: 'description',
  status: 'status',
  previousStatus: 'previous_status',
  anonymous: 'anonymous',
  opensAt: 'opens_at',
  closesAt: 'closes_at',
  responseLimit: 'response_limit',
  updatedAt: 'updated_at',
  publishedAt: 'published_at',
  closedAt: 'closed_at',
  archivedAt: 'archived_at',
};

export interface QuestionRow<C extends Columns> {
  id: string;
  survey_id: string;
  position: number;
  type: Question['type'];
  text: string;
  description: string;
  required: C['flag'];
  settings: C['object'];
}

export type ChoiceRow = Choice & { question_id: string };

export interface CollaboratorRow {
  survey_id: string;
  user_id: string;
  email: string;
  name: string;
  role: Collaborator['role'];
  granted_by: string;
  granted_at: number;
}

export interface ResponseRow {
  seq: number;
  id: string;
  survey_id: string;
  status: SurveyResponse['status'];
  channel: string;
  respondent_email: string | null;
  respondent_name: string | null;
  started_at: number;
  submitted_at: number;
  duration_ms: number | null;
}

export interface AnswerRow {
  response_seq: number;
  question_id: string;
  choice_id: string | null;
  number: number | null;
  text: string | null;
}

export interface ClientRow<C extends Columns> {
  id: string;
  name: string;
  redirect_uris: C['list'];
  grant_types: C['list'];
  response_types: C['list'];
  scope: string;
  created_at: number;
}

export type ConnectedAppRow<C extends Columns> = ClientRow<C> & { approved_at: number; grant_scope: string };

export interface CodeRow {
  code_hash: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  scope: string;
  code_challenge: string;
  code_challenge_method: 'S256' | 'plain';
  created_at: number;
  expires_at: number;
  redeemed_at: number | null;
  grant_id: string | null;
}

/** A token joined with its grant and user (the backends' `tokenWithGrant` query). */
export interface TokenGrantRow<C extends Columns> {
  kind: 'access' | 'refresh';
  scope: string;
  expires_at: number;
  spent_at: number | null;
  revoked_at: number | null;
  grant_id: string;
  grant_revoked_at: number | null;
  user_id: string;
  client_id: string;
  user_disabled: C['flag'];
}

export interface LiveTokenRow {
  grant_id: string;
  client_id: string;
  client_name: string;
  kind: 'access' | 'refresh';
  scope: string;
  created_at: number;
  expires_at: number;
}

export interface SignInSessionRow {
  user_id: string;
  expires_at: number;
}

/** Choice rows (ordered by question, then position) grouped by their question. */
export function choicesByQuestion(rows: readonly ChoiceRow[]): Map<string, Choice[]> {
  const byQuestion = new Map<string, Choice[]>();
  for (const row of rows) {
    const list = byQuestion.get(row.question_id) ?? [];
    list.push({ id: row.id, label: row.label });
    byQuestion.set(row.question_id, list);
  }
  return byQuestion;
}

/** Answer rows (ordered by response) grouped by their response's seq. */
export function answersBySeq(rows: readonly AnswerRow[]): Map<number, AnswerRow[]> {
  const byResponse = new Map<number, AnswerRow[]>();
  for (const row of rows) {
    const list = byResponse.get(row.response_seq) ?? [];
    list.push(row);
    byResponse.set(row.response_seq, list);
  }
  return byResponse;
}

export const toWorkspace = (row: WorkspaceRow): Workspace => ({ id: row.id, name: row.name, createdAt: row.created_at });

export const toMembership = (row: MembershipRow): Membership => ({ workspace: toWorkspace(row), role: row.role });

export const toCollaborator = (row: CollaboratorRow): Collaborator => ({
  surveyId: row.survey_id,
  userId: row.user_id,
  email: row.email,
  name: row.name,
  role: row.role,
  grantedBy: row.granted_by,
  grantedAt: row.granted_at,
});

export const toResponse = (row: ResponseRow, answers: readonly AnswerRow[]): SurveyResponse => ({
  id: row.id,
  surveyId: row.survey_id,
  status: row.status,
  channel: row.channel,
  respondentEmail: row.respondent_email,
  respondentName: row.respondent_name,
  startedAt: row.started_at,
  submittedAt: row.submitted_at,
  durationMs: row.duration_ms,
  answers: answers.map((a): Answer => ({ questionId: a.question_id, choiceId: a.choice_id, number: a.number, text: a.text })),
});

export const toCode = (row: CodeRow): AuthorizationCode => ({
  codeHash: row.code_hash,
  clientId: row.client_id,
  userId: row.user_id,
  redirectUri: row.redirect_uri,
  scope: row.scope,
  codeChallenge: row.code_challenge,
  codeChallengeMethod: row.code_challenge_method,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  redeemedAt: row.redeemed_at ?? undefined,
});

export const toLiveToken = (row: LiveTokenRow): LiveToken => ({
  grantId: row.grant_id,
  clientId: row.client_id,
  clientName: row.client_name,
  kind: row.kind,
  scope: row.scope,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

export const toSignInSession = (row: SignInSessionRow) => ({ userId: row.user_id, expiresAt: row.expires_at });

/** The mappers whose rows hold dialect-specific columns, read through `dialect`. */
export function rowMappers<C extends Columns>(dialect: Dialect<C>) {
  const toSurvey = (row: SurveyRow<C>): Survey => ({
    id: row.id,
    workspaceId: row.workspace_id,
    ownerId: row.owner_id,
    title: row.title,
    description: row.description,
    status: row.status,
    previousStatus: row.previous_status,
    anonymous: dialect.flag(row.anonymous),
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    responseLimit: row.response_limit,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
    closedAt: row.closed_at,
    archivedAt: row.archived_at,
    responseCounts: {
      completed: row.completed_count,
      partial: row.partial_count,
      disqualified: row.disqualified_count,
    },
  });

  return {
    toUser: (row: UserRow<C>): User => ({
      id: row.id,
      email: row.email,
      name: row.name,
      passwordHash: row.password_hash,
      disabled: dialect.flag(row.disabled),
      createdAt: row.created_at,
    }),

    toSurvey,

    toListing: (row: SurveyListingRow<C>): SurveyListing => ({
      survey: toSurvey(row),
      workspaceRole: row.workspace_role,
      collaboratorRole: row.collaborator_role,
      questionCount: row.question_count,
    }),

    toQuestion: (row: QuestionRow<C>, choices: Choice[]): Question => ({
      id: row.id,
      surveyId: row.survey_id,
      position: row.position,
      type: row.type,
      text: row.text,
      description: row.description,
      required: dialect.flag(row.required),
      settings: dialect.object(row.settings),
      choices,
    }),

    toClient: (row: ClientRow<C>): OAuthClient => ({
      id: row.id,
      name: row.name,
      redirectUris: dialect.list(row.redirect_uris),
      grantTypes: dialect.list(row.grant_types),
      responseTypes: dialect.list(row.response_types),
      scope: row.scope,
      createdAt: row.created_at,
    }),

    toConnectedApp: (row: ConnectedAppRow<C>): ConnectedApp => ({
      clientId: row.id,
      clientName: row.name,
      redirectUris: dialect.list(row.redirect_uris),
      scope: row.grant_scope,
      approvedAt: row.approved_at,
    }),

    toAccessToken: (row: TokenGrantRow<C>): AccessTokenRecord => ({
      grantId: row.grant_id,
      userId: row.user_id,
      clientId: row.client_id,
      scope: row.scope,
      expiresAt: row.expires_at,
      revoked: row.revoked_at !== null || row.grant_revoked_at !== null,
      userDisabled: dialect.flag(row.user_disabled),
    }),
  };
}
