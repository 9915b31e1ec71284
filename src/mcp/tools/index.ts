import type { SurveyTool } from '../tool.js';
import { addQuestion } from './add-question.js';
import { createSurvey } from './create-survey.js';
import { deleteQuestion } from './delete-question.js';
import { getMe } from './get-me.js';
import { getResponse } from './get-response.js';
import { getSurveyResults } from './get-survey-results.js';
import { getSurvey } from './get-survey.js';
import { listAuditEvents } from './list-audit-events.js';
import { listResponses } from './list-responses.js';
import { listSurveys } from './list-surveys.js';
import { setSurveyStatus } from './set-survey-status.js';
import { shareSurvey } from './share-survey.js';
import { updateQuestion } from './update-question.js';
import { updateSurvey } from './update-survey.js';

/** In the order an assistant would reach for them: find, read, summarise, then change; the admins' trail last. */
export const surveyTools: readonly SurveyTool[] = [
  getMe,
  listSurveys,
  getSurvey,
  getSurveyResults,
  listResponses,
  getResponse,
  createSurvey,
  updateSurvey,
  setSurveyStatus,
  addQuestion,
  updateQuestion,
  deleteQuestion,
  shareSurvey,
  listAuditEvents,
];
