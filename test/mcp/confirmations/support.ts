import type { Team } from '../../helpers/backends.js';
import { postMcp, rpc } from '../../helpers/mcp.js';
import { readJson } from '../../helpers/server.js';

export const revision = '2026-07-28';
const capabilitiesKey = 'io.modelcontextprotocol/clientCapabilities';

/** A 2026-07-28 tools/call of a client that declared `capabilities`, with the revision's headers; the JSON-RPC answer. */
export async function modernCall(
  team: Team,
  token: string,
  name: string,
  args: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  capabilities: Record<string, unknown> = { elicitation: {} },
): Promise<Record<string, any>> {
  const meta = { 'io.modelcontextprotocol/protocolVersion': revision, [capabilitiesKey]: capabilities };
  const request = rpc('tools/call', { name, arguments: args, ...extra, _meta: meta });
  const response = await postMcp(team.server, request, {
    token,
    headers: { 'mcp-protocol-version': revision, 'mcp-method': 'tools/call', 'mcp-name': name },
  });
  return readJson(response);
}

/** The person's answer to the confirmation form, as a client retries with it. */
export const answer = (action: 'accept' | 'decline' | 'cancel', confirm?: boolean) => ({
  inputResponses: { confirm: confirm === undefined ? { action } : { action, content: { confirm } } },
});

/** A draft survey of alice's in wsp_test with two short questions; their ids. */
export async function scratch(team: Team, title = 'Scratch'): Promise<{ surveyId: string; first: string; second: string }> {
  const created = await modernCall(team, team.alice, 'create_survey', {
    workspace_id: 'wsp_test',
    title,
    questions: [
      { type: 'short_text', text: 'First?' },
      { type: 'short_text', text: 'Second?' },
    ],
  });
  const { survey, questions } = created.result.structuredContent;
  return { surveyId: survey.id, first: questions[0].id, second: questions[1].id };
}

/** The ids of the survey's questions now. */
export async function questionIds(team: Team, surveyId: string): Promise<string[]> {
  const read = await modernCall(team, team.alice, 'get_survey', { survey_id: surveyId });
  return read.result.structuredContent.questions.map((q: { id: string }) => q.id);
}
