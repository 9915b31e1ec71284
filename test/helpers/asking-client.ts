import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { callTool } from './mcp.js';
import type { TestServer } from './server.js';

export interface AskingClientOptions {
  /** The person's side of elicitation; without it the client declares none. */
  readonly elicit?: (request: ElicitRequest['params']) => Promise<ElicitResult>;
  /** Where the transport's requests go (tests send some to another instance). */
  readonly fetch?: typeof fetch;
}

/** The SDK 1.x client, signed in with `token`, declaring form elicitation where it can answer it. */
export async function askingClient(baseUrl: string, token: string, options: AskingClientOptions = {}): Promise<Client> {
  const client = new Client({ name: 'confirming-test', version: '1.0.0' }, { capabilities: options.elicit ? { elicitation: { form: {} } } : {} });
  if (options.elicit) client.setRequestHandler(ElicitRequestSchema, (request) => options.elicit!(request.params));
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    ...(options.fetch && { fetch: options.fetch }),
  });
  await client.connect(transport);
  return client;
}

/** A survey of the person's own with two questions and no responses: deleting either one asks first. */
export async function scratchSurvey(server: TestServer, token: string, workspaceId: string) {
  const created = await callTool(server, token, 'create_survey', {
    workspace_id: workspaceId,
    title: 'Scratch',
    questions: [
      { type: 'short_text', text: 'First?' },
      { type: 'short_text', text: 'Second?' },
    ],
  });
  if (created.isError) throw new Error(`create_survey failed: ${JSON.stringify(created.payload)}`);
  const { survey, questions } = created.payload as { survey: { id: string }; questions: Array<{ id: string }> };
  return { surveyId: survey.id, questionIds: questions.map((question) => question.id) };
}

/** The ids of the survey's questions now. */
export async function questionIdsOf(server: TestServer, token: string, surveyId: string): Promise<string[]> {
  const read = await callTool(server, token, 'get_survey', { survey_id: surveyId });
  return (read.payload as { questions: Array<{ id: string }> }).questions.map((question) => question.id);
}
