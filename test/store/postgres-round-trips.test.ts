import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callConfirmed, callTool, postMcp, rpc, tokenFor } from '../helpers/mcp.js';
import { dropSchemas, postgresUrl, testPostgresUrl, uniqueSchema } from '../helpers/postgres.js';
import { PostgresWireCounter } from '../helpers/postgres-wire.js';
import { createTestUser, readJson, startTestServer, type TestServer } from '../helpers/server.js';

// Every round trip to PostgreSQL is a wait for the server and CPU on both sides: get_survey reads
// the token, its grant and person, the survey, the person's grants and the answer's contents in one.
const maxRoundTrips = 1;

const schema = uniqueSchema('round_trips');
const target = new URL(testPostgresUrl);
const wire = new PostgresWireCounter({ host: target.hostname, port: Number(target.port || 5432) });
let server: TestServer;
/** The same database with a budget of two requests a minute per person. */
let limited: TestServer;
const budget = 2;
const tokens: Record<'owner' | 'admin' | 'viewer' | 'outsider', string> = { owner: '', admin: '', viewer: '', outsider: '' };
let surveyId = '';

beforeAll(async () => {
  const proxied = new URL(postgresUrl(schema));
  proxied.host = `127.0.0.1:${await wire.start()}`;
  server = await startTestServer({ db: proxied.href, rateStore: ':memory:', mcpRateLimit: { limit: 1_000_000, windowMs: 60_000 } });
  const people = {
    owner: await createTestUser(server, 'owner@example.com', 'Owner'),
    admin: await createTestUser(server, 'admin@example.com', 'Admin'),
    viewer: await createTestUser(server, 'viewer@example.com', 'Viewer'),
    outsider: await createTestUser(server, 'outsider@example.com', 'Outsider'),
  };
  await server.store.insertWorkspace({ id: 'wsp_trips', name: 'Trips', createdAt: server.clock.now() });
  await server.store.setWorkspaceMember('wsp_trips', people.owner.id, 'member');
  await server.store.setWorkspaceMember('wsp_trips', people.admin.id, 'admin');
  for (const person of Object.keys(tokens) as Array<keyof typeof tokens>) tokens[person] = await tokenFor(server, `${person}@example.com`);
  const created = await callTool(server, tokens.owner, 'create_survey', {
    workspace_id: 'wsp_trips',
    title: 'Round trips',
    questions: [
      { type: 'single_choice', text: 'Plan?', choices: ['Free', 'Team', 'Enterprise'] },
      { type: 'multiple_choice', text: 'Uses?', choices: ['Reports', 'Exports'] },
      { type: 'rating', text: 'How good?' },
      { type: 'long_text', text: 'Anything else?' },
    ],
  });
  surveyId = created.payload.survey.id;
  await callConfirmed(server, tokens.owner, 'share_survey', { survey_id: surveyId, user_email: 'viewer@example.com', role: 'viewer' });
  limited = await startTestServer({ db: proxied.href, rateStore: ':memory:', mcpRateLimit: { limit: budget, windowMs: 60_000 } });
});

afterAll(async () => {
  await server?.close();
  await limited?.close();
  await wire.close();
  await dropSchemas([schema]);
});

/**
 * A get_survey once the token is known to this process: its first one checks the person's budget
 * and turn before any survey is read (issue 32), so only later ones read token and survey in one.
 */
async function roundTripsOf(token: string) {
  await callTool(server, token, 'get_survey', { survey_id: surveyId });
  wire.reset();
  const answer = await callTool(server, token, 'get_survey', { survey_id: surveyId });
  return { answer, roundTrips: wire.roundTrips };
}

describe('tools/call get_survey on PostgreSQL, counted on the wire', () => {
  it("takes two round trips for a token's first get_survey: the token and the budget, then the survey", async () => {
    const fresh = await tokenFor(server, 'viewer@example.com');
    wire.reset();
    const answer = await callTool(server, fresh, 'get_survey', { survey_id: surveyId });
    expect(answer.isError).toBe(false);
    expect(wire.roundTrips).toBe(2);
  });

  it.each(['owner', 'admin', 'viewer'] as const)('answers the %s in one round trip', async (person) => {
    const { answer, roundTrips } = await roundTripsOf(tokens[person]);
    expect(answer.isError).toBe(false);
    expect(answer.payload.questions).toHaveLength(4);
    expect(answer.payload.questions[0].choices.map((choice: { label: string }) => choice.label)).toEqual(['Free', 'Team', 'Enterprise']);
    expect(roundTrips).toBeGreaterThan(0);
    expect(roundTrips).toBeLessThanOrEqual(maxRoundTrips);
  });

  it('gives the owner the collaborators within the same round trips', async () => {
    const { answer, roundTrips } = await roundTripsOf(tokens.owner);
    expect(answer.payload.collaborators.map((c: { email: string }) => c.email)).toEqual(['viewer@example.com']);
    expect(roundTrips).toBeLessThanOrEqual(maxRoundTrips);
  });

  it('answers a 2026-07-28 get_survey in one round trip too', async () => {
    const revision = '2026-07-28';
    const _meta = { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientCapabilities': {} };
    wire.reset();
    const response = await postMcp(server, rpc('tools/call', { name: 'get_survey', arguments: { survey_id: surveyId }, _meta }), {
      token: tokens.viewer,
      headers: { 'mcp-protocol-version': revision, 'mcp-method': 'tools/call', 'mcp-name': 'get_survey' },
    });
    const body = await readJson(response);
    expect(response.status).toBe(200);
    expect(body.result.structuredContent.questions).toHaveLength(4);
    expect(wire.roundTrips).toBe(1);
  });

  it('refuses a person without access in one round trip', async () => {
    const { answer, roundTrips } = await roundTripsOf(tokens.outsider);
    expect(answer.isError).toBe(true);
    expect(roundTrips).toBeLessThanOrEqual(maxRoundTrips);
  });
});

describe('a get_survey body the bearer check does not read ahead (read-ahead.ts)', () => {
  const call = () => JSON.stringify(rpc('tools/call', { name: 'get_survey', arguments: { survey_id: surveyId } }));
  const bodies: Array<[string, () => { body: RequestInit['body']; headers?: Record<string, string> }]> = [
    ['gzip-compressed', () => ({ body: gzipSync(call()), headers: { 'content-encoding': 'gzip' } })],
    ['over 4 KiB', () => ({ body: call() + ' '.repeat(5_000) })],
    ['chunked (no Content-Length)', () => ({ body: new Blob([call()]).stream() })],
  ];

  it.each(bodies)('is answered whole when %s, in two round trips: the token, then the survey', async (_kind, make) => {
    const { body, headers } = make();
    wire.reset();
    const response = await fetch(`${server.baseUrl}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${tokens.viewer}`, ...headers },
      body,
      duplex: 'half',
    } as RequestInit);
    const answer = await readJson(response);
    expect(response.status).toBe(200);
    expect(answer.result.structuredContent.questions).toHaveLength(4);
    expect(wire.roundTrips).toBe(2);
  });
});

describe('the token and the survey read together, refused in the contract\'s order (spec 7.1, 8)', () => {
  const getSurvey = (token: string) => postMcp(limited, rpc('tools/call', { name: 'get_survey', arguments: { survey_id: surveyId } }), { token });

  it('answers an unknown token 401 in one round trip', async () => {
    wire.reset();
    const refused = await getSurvey('not-a-token-anyone-was-given');
    expect(refused.status).toBe(401);
    expect(await readJson(refused)).toEqual({ error: 'unauthorized' });
    expect(wire.roundTrips).toBe(1);
  });

  it('answers a token of another service 403, with nothing of the survey', async () => {
    const refused = await getSurvey(await tokenFor(limited, 'owner@example.com', 'billing'));
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toEqual({ error: 'insufficient_scope' });
  });

  it('answers 429 past the budget with nothing of the survey read with the token, and 401 for an expired token whatever the budget', async () => {
    const token = await tokenFor(limited, 'admin@example.com');
    const expiring = await tokenFor(limited, 'admin@example.com', 'mcp_customer', 1_000);
    for (let i = 0; i < budget; i++) expect((await getSurvey(token)).status).toBe(200);
    wire.reset();
    const limitedAnswer = await getSurvey(token);
    expect(limitedAnswer.status).toBe(429);
    expect(await readJson(limitedAnswer)).toEqual({ error: 'rate_limit_exceeded' });
    expect(wire.roundTrips).toBe(1);
    expect((await getSurvey(expiring)).status).toBe(429);
    limited.clock.advance(1_000);
    expect((await getSurvey(expiring)).status).toBe(401);
  });
});
