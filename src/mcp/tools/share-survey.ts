import { z } from 'zod';
import type { ShareSurveyArgs } from '../../platform/index.js';
import { defineTool } from '../tool.js';
import { argumentsOf, settingAnnotations, shareRole, surveyId } from './fields.js';
import { collaboratorRecord } from './records.js';

export const shareSurvey = defineTool({
  name: 'share_survey',
  title: 'Share a survey',
  description:
    'Gives a person a role on a survey (viewer, analyst or editor), changes it, or removes it with role none; ' +
    'returns the collaborators. Removal takes effect on that person\'s very next call. A survey is shared with at ' +
    'most 100 people. Only the survey\'s owner (or an admin of its workspace) may share.',
  // Unsharing takes access away, so the tool as a whole is marked destructive.
  confirmation: 'shareSurvey',
  annotations: settingAnnotations,
  input: argumentsOf<ShareSurveyArgs>()({
    survey_id: surveyId,
    user_email: z.string().min(1).max(320).describe('Email of the person to share with; they need an account here.'),
    role: shareRole.describe(
      'viewer: survey and aggregate results; analyst: also individual responses and texts; editor: also edits and ' +
        'opening/closing; none: removes their access.',
    ),
  }),
  output: z.strictObject({
    survey_id: z.string(),
    collaborators: z.array(collaboratorRecord).describe('Everyone the survey is shared with after this change.'),
    changed: z.boolean().describe('False when the person already had this role (for none: had no share): nothing was changed.'),
  }),
  run: ({ platform, userId }, args) => platform.shareSurvey(userId, args),
});
