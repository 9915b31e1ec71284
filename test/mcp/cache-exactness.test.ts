/**
 * The server keeps verified tokens and `get_survey` answers in memory (src/oauth/token-cache.ts,
 * src/mcp/answer-cache.ts). Nothing may be traded for it: each test here first makes the server
 * answer from memory (the same call twice), then changes the store, in this process or from the
 * admin CLI in another one, and the very next request must see the change.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { callTool, postMcp, rpc, tokenFor } from '../helpers/mcp.js';
import { createTestUser, obtainTokens, postToken, startTestServer, type TestServer } from '../helpers/server.js';

const db = join(mkdtempSync(join(tmpdir(), 'cache-exactness-')), 'survey.db');
let server: TestServer;
let alice: string;
beforeAll(async () => {
  server = await startTestServer({ db, seedDemo: true });
  alice = await tokenFor(server, 'alice@example.com', 'mcp_customer', 30 * 24 * 3_600_000);
});
afterAll(() => server.close());

const getSurvey = (token: string, surveyId: string) => callTool(server, token, 'get_survey', { survey_id: surveyId });
const ping = async (token: string) => (await postMcp(server, rpc('ping'), { token })).status;
const toolStatus = async (token: string) => (await postMcp(server, rpc('tools/call', { name: 'get_me', arguments: {} }), { token })).status;

describe('a token answered from memory', () => {
  it('stops working on the next request after `survey-mcp token revoke` in another process', async () => {
    const token = await tokenFor(server, 'dave@example.com');
    expect([await toolStatus(token), await toolStatus(token)]).toEqual([200, 200]);
    expect((await cli('token', 'revoke', '--user', 'dave@example.com', '--db', db)).code).toBe(0);
    expect(await toolStatus(token)).toBe(401);
  });

  it('stops working on the next request after `survey-mcp users disable` in another process', async () => {
    await createTestUser(server, 'finn@example.com', 'Finn');
    const token = await tokenFor(server, 'finn@example.com');
    expect([await ping(token), await ping(token)]).toEqual([200, 200]);
    expect((await cli('users', 'disable', 'finn@example.com', '--db', db)).code).toBe(0);
    expect(await ping(token)).toBe(401);
  });

  it('stops working on the next request after its client revokes it (POST /oauth/revoke)', async () => {
    await createTestUser(server, 'gail@example.com', 'Gail');
    const { client, tokens } = await obtainTokens(server, { email: 'gail@example.com' });
    expect([await ping(tokens.access_token), await ping(tokens.access_token)]).toEqual([200, 200]);
    const revoked = await fetch(`${server.authUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.access_token, client_id: client.client_id }).toString(),
    });
    expect(revoked.status).toBe(200);
    expect(await ping(tokens.access_token)).toBe(401);
  });

  it('keeps working through a refresh retry within the grace, and stops on the next request after a late replay revokes its grant', async () => {
    await createTestUser(server, 'hana@example.com', 'Hana');
    const { client, tokens } = await obtainTokens(server, { email: 'hana@example.com' });
    const refresh = () => postToken(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id });
    const renewed = (await (await refresh()).json()) as { access_token: string };
    expect([await ping(renewed.access_token), await ping(renewed.access_token)]).toEqual([200, 200]);
    expect((await refresh()).status).toBe(200);
    expect(await ping(renewed.access_token)).toBe(200);
    server.clock.advance(60_000);
    expect((await refresh()).status).toBe(400);
    expect(await ping(renewed.access_token)).toBe(401);
  });

  it('stops working the moment it expires, with nothing written', async () => {
    const token = await tokenFor(server, 'alice@example.com', 'mcp_customer', 60_000);
    expect([await ping(token), await ping(token)]).toEqual([200, 200]);
    server.clock.advance(60_000);
    expect(await ping(token)).toBe(401);
  });
});

describe('a get_survey answer given from memory', () => {
  it('is withdrawn on the next request after `survey-mcp share --role none` in another process', async () => {
    const bob = await tokenFor(server, 'bob@example.com');
    expect((await cli('share', '--db', db, '--survey', 'srv_demo_offsite', '--user', 'bob@example.com', '--role', 'viewer')).code).toBe(0);
    const shared = [await getSurvey(bob, 'srv_demo_offsite'), await getSurvey(bob, 'srv_demo_offsite')];
    expect(shared.map((answer) => answer.payload.survey?.my_role)).toEqual(['viewer', 'viewer']);
    expect((await cli('share', '--db', db, '--survey', 'srv_demo_offsite', '--user', 'bob@example.com', '--role', 'none')).code).toBe(0);
    const removed = await getSurvey(bob, 'srv_demo_offsite');
    expect(removed.isError).toBe(true);
    expect(removed.payload.error).toBe("not authorized to view survey 'srv_demo_offsite'");
  });

  it('shows an edit made through a tool on the next request', async () => {
    expect((await getSurvey(alice, 'srv_demo_nps')).payload.survey.title).toBe((await getSurvey(alice, 'srv_demo_nps')).payload.survey.title);
    const renamed = await callTool(server, alice, 'update_survey', { survey_id: 'srv_demo_nps', title: 'Renamed while kept' });
    expect(renamed.isError).toBe(false);
    expect((await getSurvey(alice, 'srv_demo_nps')).payload.survey.title).toBe('Renamed while kept');
  });

  it('shows a survey closed on the first read at its closes_at, with nothing written before', async () => {
    const closesAt = new Date(server.clock.now() + 3_600_000).toISOString();
    const extended = await callTool(server, alice, 'update_survey', { survey_id: 'srv_demo_nps', closes_at: closesAt });
    expect(extended.isError, JSON.stringify(extended.payload)).toBe(false);
    const before = [await getSurvey(alice, 'srv_demo_nps'), await getSurvey(alice, 'srv_demo_nps')];
    expect(before.map((answer) => answer.payload.survey.status)).toEqual(['open', 'open']);
    server.clock.advance(3_600_000);
    expect((await getSurvey(alice, 'srv_demo_nps')).payload.survey).toMatchObject({ status: 'closed', closed_at: closesAt });
  });

  it('is byte for byte the answer the SDK server gives for the same call', async () => {
    const call = rpc('tools/call', { name: 'get_survey', arguments: { survey_id: 'srv_demo_feedback' } });
    const viaServer = { ...call, params: { ...call.params, _meta: {} } };
    const bodies: string[] = [];
    for (const body of [call, call, viaServer]) {
      const response = await postMcp(server, body, { token: alice });
      expect(response.status).toBe(200);
      bodies.push(await response.text());
    }
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).toBe(bodies[0]);
    expect(JSON.parse(bodies[0]!).result.isError).toBeUndefined();
  });
});
