/** Survey records. Times are epoch milliseconds; ids carry their kind's prefix. */

import type { User } from './account-store.js';

export type WorkspaceRole = 'admin' | 'member';
export type CollaboratorRole = 'viewer' | 'analyst' | 'editor';
export type SurveyStatus = 'draft' | 'open' | 'paused' | 'closed' | 'archived';
export type ResponseStatus = 'completed' | 'partial' | 'disqualified';
export type QuestionType =
  | 'single_choice'
  | 'multiple_choice'
  | 'rating'
  | 'nps'
  | 'number'
  | 'short_text'
  | 'long_text'
  | 'date';

export interface Workspace {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
}

export interface Membership {
  readonly workspace: Workspace;
  readonly role: WorkspaceRole;
}

export interface ResponseCounts {
  readonly completed: number;
  readonly partial: number;
  readonly disqualified: number;
}

export interface SurveyFields {
  readonly title: string;
  readonly description: string;
  readonly status: SurveyStatus;
  readonly previousStatus: SurveyStatus | null;
  readonly anonymous: boolean;
  readonly opensAt: number | null;
  readonly closesAt: number | null;
  readonly responseLimit: number | null;
  readonly updatedAt: number;
  readonly publishedAt: number | null;
  readonly closedAt: number | null;
  readonly archivedAt: number | null;
}

export interface Survey extends SurveyFields {
  readonly id: string;
  readonly workspaceId: string;
  readonly ownerId: string;
  readonly createdAt: number;
  readonly responseCounts: ResponseCounts;
}

export type NewSurvey = Omit<Survey, 'responseCounts'>;

/** A survey as one person sees it in a list: the raw grants behind their effective role. */
export interface SurveyListing {
  readonly survey: Survey;
  readonly workspaceRole: WorkspaceRole | null;
  readonly collaboratorRole: CollaboratorRole | null;
  readonly questionCount: number;
}

/** A survey with what one person holds on it: everything a check of their access reads. */
export interface SurveyAccessRecord {
  readonly survey: Survey;
  /** Their account, disabled or not; undefined when there is no such person. */
  readonly user: User | undefined;
  readonly workspaceRole: WorkspaceRole | undefined;
  readonly collaboratorRole: CollaboratorRole | undefined;
}

export interface Collaborator {
  readonly surveyId: string;
  readonly userId: string;
  readonly email: string;
  readonly name: string;
  readonly role: CollaboratorRole;
  readonly grantedBy: string;
  readonly grantedAt: number;
}

export interface NewCollaborator {
  readonly surveyId: string;
  readonly userId: string;
  readonly role: CollaboratorRole;
  readonly grantedBy: string;
  readonly grantedAt: number;
}

export interface Choice {
  readonly id: string;
  readonly label: string;
}

export interface QuestionFields {
  readonly text: string;
  readonly description: string;
  readonly required: boolean;
  readonly settings: Record<string, unknown>;
}

export interface Question extends QuestionFields {
  readonly id: string;
  readonly surveyId: string;
  /** 1-based and dense within the survey. */
  readonly position: number;
  readonly type: QuestionType;
  /** In display order. */
  readonly choices: readonly Choice[];
}

export type NewQuestion = Omit<Question, 'position'>;

/** One stored answer row: a multiple-choice answer has one row per chosen choice. */
export interface Answer {
  readonly questionId: string;
  readonly choiceId: string | null;
  readonly number: number | null;
  readonly text: string | null;
}

export interface SurveyResponse {
  readonly id: string;
  readonly surveyId: string;
  readonly status: ResponseStatus;
  readonly channel: string;
  readonly respondentEmail: string | null;
  readonly respondentName: string | null;
  readonly startedAt: number;
  readonly submittedAt: number;
  readonly durationMs: number | null;
  readonly answers: readonly Answer[];
}

/** A survey with one person's access, and what `get_survey` shows of it: questions and collaborators. */
export interface SurveyDetailRecord extends SurveyAccessRecord {
  readonly questions: Question[];
  readonly collaborators: Collaborator[];
}

/**
 * A survey's detail as one person saw it (`findSurveyDetail(surveyId, userId)`), read earlier in
 * the same request; `record` undefined: no such survey.
 */
export interface SurveyDetailRead {
  readonly surveyId: string;
  readonly userId: string;
  readonly record: SurveyDetailRecord | undefined;
}

/** Which responses a list or an aggregate covers. */
export interface ResponseFilter {
  readonly surveyId: string;
  /** Empty means every status. */
  readonly statuses: readonly ResponseStatus[];
  /** Inclusive lower bound. */
  readonly submittedFrom?: number;
  /** Exclusive upper bound. */
  readonly submittedBefore?: number;
  /** Only responses whose answer to this question matches. */
  readonly where?: AnswerCondition;
}

export interface AnswerCondition {
  readonly questionId: string;
  readonly choiceId?: string;
  readonly min?: number;
  readonly max?: number;
  /** Case-insensitive substring of a text answer. */
  readonly contains?: string;
}

/** Position in the newest-first response order. */
export interface ResponseKey {
  readonly submittedAt: number;
  readonly seq: number;
}

export interface ResponsePage {
  readonly responses: ReadonlyArray<SurveyResponse & { readonly key: ResponseKey }>;
}

/** Aggregates of one question's answers over a filter (and optionally one segment). */
export interface AggregateScope {
  readonly filter: ResponseFilter;
  readonly questionId: string;
  /**
   * Restrict to responses that chose this choice of that question, which must be single choice:
   * the segment rollup is kept for single-choice questions only.
   */
  readonly segment?: { readonly questionId: string; readonly choiceId: string };
}

export interface NumericStats {
  readonly count: number;
  readonly mean: number | null;
  readonly min: number | null;
  readonly max: number | null;
  readonly median: number | null;
}

export interface SurveyListQuery {
  readonly userId: string;
  readonly workspaceId?: string;
  readonly status?: SurveyStatus;
  readonly query?: string;
}

export interface SurveyKey {
  readonly createdAt: number;
  readonly id: string;
}

export interface SurveyStore {
  insertWorkspace(workspace: Workspace): Promise<void>;
  findWorkspace(id: string): Promise<Workspace | undefined>;
  setWorkspaceMember(workspaceId: string, userId: string, role: WorkspaceRole): Promise<void>;
  findWorkspaceRole(workspaceId: string, userId: string): Promise<WorkspaceRole | undefined>;
  listMemberships(userId: string): Promise<Membership[]>;

  /** Inserts the survey and its questions (positions follow array order) in one transaction. */
  insertSurvey(survey: NewSurvey, questions: readonly NewQuestion[]): Promise<Survey>;
  findSurvey(id: string): Promise<Survey | undefined>;
  /** The survey with `userId`'s account and grants on it, in one read; undefined when there is no such survey. */
  findSurveyAccess(surveyId: string, userId: string): Promise<SurveyAccessRecord | undefined>;
  /** `findSurveyAccess` with the questions (as `listQuestions`) and the collaborators, in the same read. */
  findSurveyDetail(surveyId: string, userId: string): Promise<SurveyDetailRecord | undefined>;
  /**
   * Of the surveys this listing covers (its status filter aside), the open or paused ones past
   * their closes_at or at their response limit: due to be closed.
   */
  findSurveysDueToClose(query: SurveyListQuery, nowMs: number): Promise<Survey[]>;
  updateSurvey(id: string, fields: Partial<SurveyFields>): Promise<Survey>;
  /** Surveys the user may open (owner, workspace admin or collaborator), newest first. */
  listSurveysFor(query: SurveyListQuery, after: SurveyKey | undefined, limit: number): Promise<SurveyListing[]>;
  countSurveysFor(query: SurveyListQuery): Promise<number>;

  findCollaborator(surveyId: string, userId: string): Promise<Collaborator | undefined>;
  listCollaborators(surveyId: string): Promise<Collaborator[]>;
  /** Grants or changes a role (upsert). */
  setCollaborator(collaborator: NewCollaborator): Promise<void>;
  removeCollaborator(surveyId: string, userId: string): Promise<boolean>;

  listQuestions(surveyId: string): Promise<Question[]>;
  findQuestion(id: string): Promise<Question | undefined>;
  /** Inserts at `position`, shifting later questions down. */
  insertQuestion(question: NewQuestion, position: number): Promise<Question>;
  /** Replaces fields and the full choice list (in order), and moves the question to `position`. */
  updateQuestion(id: string, fields: QuestionFields, choices: readonly Choice[], position: number): Promise<Question>;
  /** Deletes and closes the gap in positions. */
  deleteQuestion(id: string): Promise<void>;

  /** Bulk insert in one transaction; keeps the survey's response counters in step. */
  insertResponses(responses: readonly SurveyResponse[]): Promise<void>;
  findResponse(id: string): Promise<SurveyResponse | undefined>;
  listResponses(filter: ResponseFilter, after: ResponseKey | undefined, limit: number): Promise<ResponsePage>;
  countResponses(filter: ResponseFilter): Promise<number>;

  /** Responses (not answer rows) with at least one answer to the question. */
  countAnswered(scope: AggregateScope): Promise<number>;
  /** Answer count per choice id (choices with no answers are absent). */
  countChoices(scope: AggregateScope): Promise<Map<string, number>>;
  /** Answer count per distinct numeric value, ascending; for small scales (rating, nps). */
  numberDistribution(scope: AggregateScope): Promise<Array<{ value: number; count: number }>>;
  numericStats(scope: AggregateScope): Promise<NumericStats>;
  /** Earliest and latest date answers (ISO dates sort as text). */
  dateRange(scope: AggregateScope): Promise<{ earliest: string | null; latest: string | null }>;
  /** The newest text answers. */
  latestTexts(scope: AggregateScope, limit: number): Promise<Array<{ responseId: string; text: string; submittedAt: number }>>;
}
