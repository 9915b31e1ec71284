/**
 * Shared set-up of the tool tests: one demo server per test file (port 0), a token per demo
 * person, and two assertions that look at the whole answer of a tools/call over real HTTP.
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Answer, SurveyResponse } from '../../../src/store/survey-store.js';
import { callToolRaw, postMcp, rpc, tokenFor } from '../../helpers/mcp.js';
import { personConfirms } from '../../helpers/person-confirms.js';
import { startTestServer, type Json, type TestServer } from '../../helpers/server.js';

export type Person = 'alice' | 'bob' | 'carol' | 'dave' | 'erin';
const people: readonly Person[] = ['alice', 'bob', 'carol', 'dave', 'erin'];

export const userIds: Record<Person, string> = {
  alice: 'usr_demo_alice',
  bob: 'usr_demo_bob',
  carol: 'usr_demo_carol',
  dave: 'usr_demo_dave',
  erin: 'usr_demo_erin',
};

export interface ToolHarness {
  readonly server: TestServer;
  token(person: Person): string;
  /**
   * Calls a tool and expects success: HTTP 200, a JSON-RPC result without isError, one text item
   * whose JSON equals `structuredContent`, which is valid against the tool's listed output schema.
   * Returns the structured result.
   */
  ok(person: Person, name: string, args?: Json): Promise<Json>;
  /**
   * Calls a tool and expects the tool error of spec 7.2: HTTP 200, a JSON-RPC result (never a
   * JSON-RPC error) with isError true, exactly one text item `{"error": message}` and no
   * structuredContent. Returns the message.
   */
  fails(person: Person, name: string, args: Json, message: string | RegExp): Promise<string>;
}

/** Starts the demo server for the enclosing test file and stops it afterwards. */
export function useToolServer(): ToolHarness {
  let server: TestServer | undefined;
  const tokens = new Map<Person, string>();
  const validators = new Map<string, (value: unknown) => { valid: boolean; errorMessage?: string }>();

  beforeAll(async () => {
    // The per-user limit of spec 8 has its own tests; here it would only get in the way.
    server = await startTestServer({ seedDemo: true, mcpRateLimit: { limit: 1_000_000, windowMs: 60_000 } });
    for (const person of people) tokens.set(person, await tokenFor(server, `${person}@example.com`));
    const listing = (await (await postMcp(server, rpc('tools/list'), { token: tokens.get('alice')! })).json()) as Json;
    const ajv = new AjvJsonSchemaValidator();
    for (const tool of listing.result.tools) validators.set(tool.name, ajv.getValidator(tool.outputSchema));
  });
  afterAll(() => server?.close());

  /**
   * A call, confirmed when it needs the person's confirmation (the confirmation-token flow):
   * these tests are about what the change does; test/mcp/confirmations/ about the asking.
   */
  async function confirmedCall(person: Person, name: string, args: Json) {
    const first = await callToolRaw(harness.server, harness.token(person), name, args);
    const text: string = first.body.result?.isError ? (first.body.result.content[0]?.text ?? '') : '';
    const token = text.startsWith('{"error":"confirmation required: ') ? (JSON.parse(text) as Json).confirmation_token : undefined;
    if (token === undefined) return first;
    await personConfirms(harness.server, token);
    return callToolRaw(harness.server, harness.token(person), name, { ...args, confirmation_token: token });
  }

  const harness: ToolHarness = {
    get server() {
      if (!server) throw new Error('the tool server is not started yet');
      return server;
    },
    token(person) {
      return tokens.get(person)!;
    },
    async ok(person, name, args = {}) {
      const { status, contentType, body } = await confirmedCall(person, name, args);
      expect(status).toBe(200);
      expect(contentType).toMatch(/^application\/json/);
      expect(body.error).toBeUndefined();
      const text: string = body.result.content[0]?.text ?? '';
      expect(body.result.isError, `${name} ${JSON.stringify(args)} failed: ${text}`).toBeUndefined();
      expect(body.result.content).toEqual([{ type: 'text', text: expect.any(String) }]);
      const structured = body.result.structuredContent as Json;
      expect(structured).toEqual(JSON.parse(text));
      const check = validators.get(name)!(structured);
      expect(check.errorMessage, `${name} result does not fit its output schema`).toBeUndefined();
      return structured;
    },
    async fails(person, name, args, message) {
      const { requestId, status, contentType, body } = await confirmedCall(person, name, args);
      expect(status).toBe(200);
      expect(contentType).toMatch(/^application\/json/);
      expect(body).toMatchObject({ jsonrpc: '2.0', id: requestId });
      expect(body.error).toBeUndefined();
      expect(body.result.isError).toBe(true);
      expect(body.result).not.toHaveProperty('structuredContent');
      expect(body.result.content).toEqual([{ type: 'text', text: expect.any(String) }]);
      const payload = JSON.parse(body.result.content[0].text) as Json;
      expect(Object.keys(payload)).toEqual(['error']);
      if (typeof message === 'string') expect(payload.error).toBe(message);
      else expect(payload.error).toMatch(message);
      return payload.error as string;
    },
  };
  return harness;
}

/** An ISO time `ms` away from the server's (manual) clock. */
export const isoFromNow = (tools: ToolHarness, ms: number): string => new Date(tools.server.clock.now() + ms).toISOString();

export const hour = 3_600_000;
export const day = 24 * hour;

let surveyNumber = 0;

/** A new draft survey of alice's (or another member's) in wsp_demo_acme; returns get_survey's shape. */
export async function newSurvey(tools: ToolHarness, args: Json = {}, person: Person = 'alice'): Promise<Json> {
  surveyNumber += 1;
  return tools.ok(person, 'create_survey', { workspace_id: 'wsp_demo_acme', title: `Test survey ${surveyNumber}`, ...args });
}

/** A lunch poll with a choice, a rating and a long text question. */
export const lunchQuestions = [
  { type: 'single_choice', text: 'Where shall we eat?', required: true, choices: ['Pizza', 'Sushi', 'Tacos'] },
  { type: 'rating', text: 'How was the last lunch?', settings: { min: 1, max: 5 } },
  { type: 'long_text', text: 'Anything else?' },
];

let responseNumber = 0;

/**
 * Stores responses directly (there is no tool that submits one): `answersOf(i)` gives the answers
 * of the i-th, submitted `i` minutes before the server's clock, so index 0 is the newest.
 */
export async function addResponses(
  tools: ToolHarness,
  surveyId: string,
  count: number,
  answersOf: (index: number) => Answer[],
  fields: Partial<SurveyResponse> = {},
): Promise<string[]> {
  const now = tools.server.clock.now();
  const responses: SurveyResponse[] = Array.from({ length: count }, (_, index) => {
    responseNumber += 1;
    return {
      id: `rsp_test_${String(responseNumber).padStart(6, '0')}`,
      surveyId,
      status: 'completed',
      channel: 'link',
      respondentEmail: `respondent${responseNumber}@example.org`,
      respondentName: `Respondent ${responseNumber}`,
      startedAt: now - (index + 1) * 60_000 - 30_000,
      submittedAt: now - (index + 1) * 60_000,
      durationMs: 30_000,
      answers: answersOf(index),
      ...fields,
    };
  });
  await tools.server.store.insertResponses(responses);
  return responses.map((response) => response.id);
}

export const choiceAnswer = (questionId: string, choiceId: string): Answer => ({ questionId, choiceId, number: null, text: null });
export const numberAnswer = (questionId: string, number: number): Answer => ({ questionId, choiceId: null, number, text: null });
export const textAnswer = (questionId: string, text: string): Answer => ({ questionId, choiceId: null, number: null, text });

/**
 * An open lunch poll of alice's with `count` completed responses (index i picks choice i mod 3,
 * rates i mod 5 + 1 and writes `Note i`).
 */
export async function lunchPollWithResponses(tools: ToolHarness, count: number): Promise<{ detail: Json; responseIds: string[] }> {
  const detail = await newSurvey(tools, { questions: lunchQuestions });
  await tools.ok('alice', 'set_survey_status', { survey_id: detail.survey.id, status: 'open' });
  const [where, rating, note] = detail.questions as Json[];
  const responseIds = await addResponses(tools, detail.survey.id, count, (i) => [
    choiceAnswer(where!.id, where!.choices[i % 3].id),
    numberAnswer(rating!.id, (i % 5) + 1),
    textAnswer(note!.id, `Note ${i}`),
  ]);
  return { detail, responseIds };
}

/** Follows next_cursor to the end; every page must report the same total. */
export async function walkPages(
  tools: ToolHarness,
  person: Person,
  name: 'list_surveys' | 'list_responses',
  args: Json,
): Promise<{ items: Json[]; pages: Json[] }> {
  const key = name === 'list_surveys' ? 'surveys' : 'responses';
  const pages: Json[] = [];
  let cursor: string | undefined;
  do {
    const page = await tools.ok(person, name, cursor === undefined ? args : { ...args, cursor });
    pages.push(page);
    cursor = page.next_cursor ?? undefined;
    if (pages.length > 200) throw new Error(`${name} did not reach its last page`);
  } while (cursor !== undefined);
  return { items: pages.flatMap((page) => page[key] as Json[]), pages };
}

export const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
export const idsOf = (items: readonly Json[]): string[] => items.map((item) => item.id as string);
