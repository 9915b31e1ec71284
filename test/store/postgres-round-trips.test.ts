import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, tokenFor } from '../helpers/mcp.js';
import { dropSchemas, postgresUrl, testPostgresUrl, uniqueSchema } from '../helpers/postgres.js';
import { PostgresWireCounter } from '../helpers/postgres-wire.js';
import { createTestUser, startTestServer, type TestServer } from '../helpers/server.js';

// Every round trip to PostgreSQL is a wait for the server and CPU on both sides (the goal allows
// three): get_survey takes one for the token and person, one for the survey, the grants and the
// answer's contents.
const maxRoundTrips = 2;

const schema = uniqueSchema('round_trips');
const target = new URL(testPostgresUrl);
const wire = new PostgresWireCounter({ host: target.hostname, port: Number(target.port || 5432) });
let server: TestServer;
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
  await callTool(server, tokens.owner, 'share_survey', { survey_id: surveyId, user_email: 'viewer@example.com', role: 'viewer' });
});

afterAll(async () => {
  await server?.close();
  await wire.close();
  await dropSchemas([schema]);
});

async function roundTripsOf(token: string) {
  wire.reset();
  const answer = await callTool(server, token, 'get_survey', { survey_id: surveyId });
  return { answer, roundTrips: wire.roundTrips };
}

describe('tools/call get_survey on PostgreSQL, counted on the wire', () => {
  it.each(['owner', 'admin', 'viewer'] as const)('answers the %s in at most two round trips', async (person) => {
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

  it('refuses a person without access in at most two round trips', async () => {
    const { answer, roundTrips } = await roundTripsOf(tokens.outsider);
    expect(answer.isError).toBe(true);
    expect(roundTrips).toBeLessThanOrEqual(maxRoundTrips);
  });
});
