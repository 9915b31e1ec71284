/** Records the store tests build, with fixed times so nothing depends on the machine's clock. */
import type { NewQuestion, NewSurvey } from '../../src/store/survey-store.js';

export const T0 = 1_767_225_600_000;

/** A draft of workspace wsp_a owned by usr_owner, with `fields` changed. */
export const survey = (id: string, fields: Partial<NewSurvey> = {}): NewSurvey => ({
  id,
  workspaceId: 'wsp_a',
  ownerId: 'usr_owner',
  title: `Survey ${id}`,
  description: '',
  status: 'draft',
  previousStatus: null,
  anonymous: false,
  opensAt: null,
  closesAt: null,
  responseLimit: null,
  createdAt: T0,
  updatedAt: T0,
  publishedAt: null,
  closedAt: null,
  archivedAt: null,
  ...fields,
});

export const question = (
  surveyId: string,
  id: string,
  type: NewQuestion['type'],
  choices: string[] = [],
  settings: Record<string, unknown> = {},
): NewQuestion => ({
  id,
  surveyId,
  type,
  text: `Question ${id}`,
  description: '',
  required: false,
  settings,
  choices: choices.map((label, index) => ({ id: `${id}_c${index + 1}`, label })),
});
