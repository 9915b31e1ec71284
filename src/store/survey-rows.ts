import type { User } from './account-store.js';
import type {
  Answer,
  Choice,
  Collaborator,
  Membership,
  Question,
  ResponsePage,
  Survey,
  SurveyAccessRecord,
  SurveyFields,
  SurveyListing,
  SurveyResponse,
  Workspace,
  WorkspaceRole,
} from './survey-store.js';
import type { Columns, Dialect } from './rows.js';

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

/** One person's grants on a survey. */
export interface GrantsRow {
  workspace_role: WorkspaceRole | null;
  collaborator_role: Collaborator['role'] | null;
}

export type SurveyGrantsRow<C extends Columns> = SurveyRow<C> & GrantsRow;

export type SurveyListingRow<C extends Columns> = SurveyGrantsRow<C> & { question_count: number };

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

/** A page of responses in newest-first order, each with the key the next page starts after. */
export const toResponsePage = (rows: readonly ResponseRow[], answers: Map<number, AnswerRow[]>): ResponsePage => ({
  responses: rows.map((row) => ({
    ...toResponse(row, answers.get(row.seq) ?? []),
    key: { submittedAt: row.submitted_at, seq: row.seq },
  })),
});

/**
 * Moving a question to `position` shifts the questions between by one, towards where it was:
 * `shift` for those in `from`..`to`; nothing when it stays.
 */
export function questionShift(question: Question, position: number): { shift: number; from: number; to: number } | undefined {
  if (position === question.position) return undefined;
  return position > question.position
    ? { shift: -1, from: question.position + 1, to: position }
    : { shift: 1, from: position, to: question.position - 1 };
}

/** The survey mappers whose rows hold dialect-specific columns, read through `dialect`. */
export function surveyRowMappers<C extends Columns>(dialect: Dialect<C>) {
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
    toSurvey,

    toSurveyAccess: (survey: SurveyRow<C>, grants: GrantsRow, user: User | undefined): SurveyAccessRecord => ({
      survey: toSurvey(survey),
      user,
      workspaceRole: grants.workspace_role ?? undefined,
      collaboratorRole: grants.collaborator_role ?? undefined,
    }),

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
  };
}
