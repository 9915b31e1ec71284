/**
 * Issue 36: the audit trail on both stores. A person connects an app (a code grant), changes a
 * survey through its tools (create, add a question, publish, share, unchanged status), and
 * disconnects it; each change is one row naming the person, the app and the address, and the
 * trail is filtered and purged as the CLI and the retention ask.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTeamServer, type Team } from '../helpers/backends.js';
import { callConfirmed, callTool } from '../helpers/mcp.js';
import { CookieJar, formFields, pkcePair, redeemCode, registerClient, runAuthorization, type TokenResponse } from '../helpers/server.js';

describe.each(backends)('the audit trail on %s', (backend) => {
  let team: Team;
  let clientId = '';
  let surveyId = '';
  let aliceId = '';

  beforeAll(async () => {
    team = await startTeamServer(backend);
    const { server } = team;
    aliceId = (await server.store.findUserByEmail('alice@example.com'))!.id;
    const client = await registerClient(server, { client_name: 'Audited Assistant' });
    clientId = client.client_id;
    const { verifier, challenge } = pkcePair();
    const jar = new CookieJar();
    const { params } = await runAuthorization(server, { client, challenge, jar });
    const tokens = (await (await redeemCode(server, client, params.get('code')!, verifier)).json()) as TokenResponse;
    const created = await callTool(server, tokens.access_token, 'create_survey', {
      workspace_id: 'wsp_test',
      title: 'Audited',
      questions: [{ type: 'rating', text: 'How was it?' }],
    });
    surveyId = created.payload.survey.id;
    await callTool(server, tokens.access_token, 'add_question', { survey_id: surveyId, type: 'short_text', text: 'Why?' });
    expect((await callTool(server, tokens.access_token, 'set_survey_status', { survey_id: surveyId, status: 'open' })).isError).toBe(false);
    await callTool(server, tokens.access_token, 'set_survey_status', { survey_id: surveyId, status: 'open' });
    await callConfirmed(server, tokens.access_token, 'share_survey', { survey_id: surveyId, user_email: 'bob@example.com', role: 'viewer' });
    // A read records nothing.
    await callTool(server, tokens.access_token, 'get_survey', { survey_id: surveyId });
    const apps = await (await jar.fetch(`${server.authUrl}/account/apps`)).text();
    const revoked = await jar.postForm(`${server.authUrl}/account/apps/revoke`, { ...formFields(apps, '/account/apps/revoke'), client_id: clientId });
    expect(revoked.status).toBe(303);
  });

  afterAll(async () => {
    await team?.close();
  });

  it('records each change with who, which app, what, when and from where, the newest first', async () => {
    const events = await team.server.store.listAuditEvents({ limit: 100 });
    expect(events.map((event) => event.action)).toEqual([
      'grant.revoke',
      'survey.share',
      'survey.status',
      'question.add',
      'survey.create',
      'grant.create',
      'sign-in',
    ]);
    const share = events.find((event) => event.action === 'survey.share')!;
    expect(share).toMatchObject({
      actorUserId: aliceId,
      actorEmail: 'alice@example.com',
      clientId,
      clientName: 'Audited Assistant',
      surveyId,
      address: '127.0.0.1',
      detail: { user_email: 'bob@example.com', role: 'viewer' },
    });
    expect(events.find((event) => event.action === 'survey.status')!.detail).toEqual({ from: 'draft', to: 'open' });
    expect(events.find((event) => event.action === 'survey.create')).toMatchObject({ workspaceId: 'wsp_test', detail: { title: 'Audited' } });
    expect(events.find((event) => event.action === 'grant.revoke')).toMatchObject({ actorUserId: aliceId, clientId, detail: { by: 'connected apps page', grants: 1 } });
    expect(events.find((event) => event.action === 'sign-in')).toMatchObject({ actorUserId: aliceId, detail: { method: 'password' } });
    for (const event of events) expect(event.at).toBe(team.server.clock.now());
  });

  it('filters by person, survey and time, and purges what is older than the retention', async () => {
    const { store, clock } = team.server;
    expect((await store.listAuditEvents({ surveyId, limit: 100 })).map((event) => event.action)).toEqual(['survey.share', 'survey.status', 'question.add', 'survey.create']);
    expect(await store.listAuditEvents({ userId: 'usr_nobody', limit: 100 })).toEqual([]);
    expect(await store.listAuditEvents({ since: clock.now() + 1, limit: 100 })).toEqual([]);
    expect(await store.listAuditEvents({ limit: 2 })).toHaveLength(2);
    expect(await store.purgeAuditEvents(clock.now())).toBe(0);
    expect(await store.purgeAuditEvents(clock.now() + 1)).toBe(7);
    expect(await store.listAuditEvents({ limit: 100 })).toEqual([]);
  });
});
