import { isPlainObject } from './plain-object.js';
import { getSurvey } from './tools/get-survey.js';

/**
 * The survey a parsed JSON-RPC body will read first, with the caller's grants: one `tools/call`
 * of `get_survey` naming a `survey_id`, in either era. The bearer check may read it with the
 * token (http/mcp/bearer-check.ts), and the tool then takes that read (`ToolContext.surveyRead`)
 * instead of a round trip of its own. Anything else, a batch included, reads nothing ahead.
 */
export function surveyReadBy(body: unknown): string | undefined {
  if (!isPlainObject(body) || body['method'] !== 'tools/call' || !isPlainObject(body['params'])) return undefined;
  const { name, arguments: args } = body['params'];
  if (name !== getSurvey.name || !isPlainObject(args)) return undefined;
  const surveyId = args['survey_id'];
  return typeof surveyId === 'string' ? surveyId : undefined;
}
