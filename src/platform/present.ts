import { createHash } from 'node:crypto';
import type { Collaborator, Question, Survey, SurveyStatus } from '../store/survey-store.js';
import type { EffectiveRole } from './roles.js';

/** Tool results are JSON: snake_case keys, ISO-8601 times. */
export const iso = (epochMs: number | null): string | null => (epochMs === null ? null : new Date(epochMs).toISOString());

export interface SurveyJson {
  id: string;
  workspace_id: string;
  owner_id: string;
  title: string;
  description: string;
  status: SurveyStatus;
  previous_status: SurveyStatus | null;
  anonymous: boolean;
  opens_at: string | null;
  closes_at: string | null;
  response_limit: number | null;
  response_counts: { completed: number; partial: number; disqualified: number; total: number };
  created_at: string;
  updated_at: string;
  published_at: string | null;
  closed_at: string | null;
  archived_at: string | null;
  my_role: EffectiveRole;
}

export const surveyJson = (survey: Survey, role: EffectiveRole): SurveyJson => ({
  id: survey.id,
  workspace_id: survey.workspaceId,
  owner_id: survey.ownerId,
  title: survey.title,
  description: survey.description,
  status: survey.status,
  previous_status: survey.previousStatus,
  anonymous: survey.anonymous,
  opens_at: iso(survey.opensAt),
  closes_at: iso(survey.closesAt),
  response_limit: survey.responseLimit,
  response_counts: {
    ...survey.responseCounts,
    total: survey.responseCounts.completed + survey.responseCounts.partial + survey.responseCounts.disqualified,
  },
  created_at: iso(survey.createdAt)!,
  updated_at: iso(survey.updatedAt)!,
  published_at: iso(survey.publishedAt),
  closed_at: iso(survey.closedAt),
  archived_at: iso(survey.archivedAt),
  my_role: role,
});

export interface QuestionJson {
  id: string;
  survey_id: string;
  position: number;
  version: string;
  type: Question['type'];
  text: string;
  description: string;
  required: boolean;
  settings: Record<string, unknown>;
  choices: Array<{ id: string; position: number; label: string }>;
}

/**
 * An opaque tag of what `update_question` changes (text, description, required, settings, the
 * choices and their order): equal tags, equal questions. An edit sent with the tag it was based
 * on applies only while the question still has it, so no edit silently undoes another.
 */
export const questionVersion = (question: Omit<Question, 'position'>): string =>
  createHash('sha256')
    .update(JSON.stringify([question.text, question.description, question.required, question.settings, question.choices.map((c) => [c.id, c.label])]))
    .digest('base64url')
    .slice(0, 16);

export const questionJson = (question: Question): QuestionJson => ({
  id: question.id,
  survey_id: question.surveyId,
  position: question.position,
  version: questionVersion(question),
  type: question.type,
  text: question.text,
  description: question.description,
  required: question.required,
  settings: question.settings,
  choices: question.choices.map((choice, index) => ({ id: choice.id, position: index + 1, label: choice.label })),
});

export interface CollaboratorJson {
  user_id: string;
  email: string;
  name: string;
  role: Collaborator['role'];
  granted_by: string;
  granted_at: string;
}

export const collaboratorJson = (collaborator: Collaborator): CollaboratorJson => ({
  user_id: collaborator.userId,
  email: collaborator.email,
  name: collaborator.name,
  role: collaborator.role,
  granted_by: collaborator.grantedBy,
  granted_at: iso(collaborator.grantedAt)!,
});

/** Long texts are cut so a page of responses fits an assistant's context. */
export const textLimit = 500;

export const cutText = (text: string): { text: string; truncated: boolean } =>
  text.length > textLimit ? { text: text.slice(0, textLimit), truncated: true } : { text, truncated: false };
