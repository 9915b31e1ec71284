import { fail, skip, type Check } from '../../check.js';
import { fullestSurveys } from '../shared/read-tools.js';
import { callToolOk } from '../shared/tool-call.js';
import { structuredTextProblem } from '../shared/tool-definitions.js';

/** How many surveys' first pages are read: the fullest few hold the largest page. */
const SURVEYS_READ = 8;

export const structuredContentLargeAnswer: Check = {
  id: 'structured-content-large-answer',
  group: 'mcp',
  title: 'The largest answers the run can ask for (full pages of list_responses) also carry their structuredContent as JSON text',
  spec: 'MCP 2025-11-25 server/tools "Structured Content" (SHOULD, for backwards compatibility), on an answer large enough to be composed in parts',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const surveys = (await fullestSurveys(ctx)).slice(0, SURVEYS_READ);
    if (surveys.length === 0) skip('list_surveys shows no survey with responses the person may list (analyst or above)');
    // Which page is large enough to be composed in parts depends on the survey's questions, so each is read.
    let largest = { id: '', size: 0 };
    for (const survey of surveys) {
      const { result } = await callToolOk(ctx, 'list_responses', { survey_id: survey.id, limit: 100 });
      const problem = structuredTextProblem(result);
      if (problem) fail(`list_responses of ${survey.id} (limit 100): ${problem}`);
      const size = JSON.stringify(result['structuredContent']).length;
      if (size > largest.size) largest = { id: survey.id, size };
    }
    return `the first page (limit 100) of ${surveys.length} surveys' responses carries its structuredContent as text; the largest, of ${largest.id}, holds ${largest.size} characters`;
  },
};
