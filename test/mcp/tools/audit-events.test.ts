/**
 * Issue 36: a workspace admin reads the audit trail of the workspace's surveys through
 * `list_audit_events`, over HTTP in both eras and on both stores: only that workspace's events,
 * paged and filtered like the other lists; anyone else is refused like every tool refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTeamServer, type Team } from '../../helpers/backends.js';
import { callConfirmed, callTool, callToolIn, tokenFor, type Era } from '../../helpers/mcp.js';
import { createTestUser } from '../../helpers/server.js';

describe.each(backends)('list_audit_events on %s', (backend) => {
  let team: Team;
  let carol = '';
  let ours = '';
  let theirs = '';

  beforeAll(async () => {
    team = await startTeamServer(backend);
    const { server } = team;
    const carolId = (await createTestUser(server, 'carol@example.com', 'Carol')).id;
    await server.store.setWorkspaceMember('wsp_test', carolId, 'member');
    carol = await tokenFor(server, 'carol@example.com');
    const bobId = (await server.store.findUserByEmail('bob@example.com'))!.id;
    await server.store.insertWorkspace({ id: 'wsp_other', name: 'Other', createdAt: server.clock.now() });
    await server.store.setWorkspaceMember('wsp_other', bobId, 'admin');

    const created = await callTool(server, team.alice, 'create_survey', { workspace_id: 'wsp_test', title: 'Ours', questions: [{ type: 'rating', text: 'How?' }] });
    ours = created.payload.survey.id;
    await callTool(server, team.alice, 'update_survey', { survey_id: ours, title: 'Ours, renamed' });
    await callTool(server, team.alice, 'set_survey_status', { survey_id: ours, status: 'open' });
    await callTool(server, team.alice, 'add_question', { survey_id: ours, type: 'short_text', text: 'Why?' });
    // Another workspace: bob's survey, which alice edits once through a share.
    theirs = (await callTool(server, team.bob, 'create_survey', { workspace_id: 'wsp_other', title: 'Theirs' })).payload.survey.id;
    // Outside bob's workspace: a share that asks him first (docs/tools.md, confirmations).
    await callConfirmed(server, team.bob, 'share_survey', { survey_id: theirs, user_email: 'alice@example.com', role: 'editor' });
    await callTool(server, team.alice, 'update_survey', { survey_id: theirs, description: 'Edited by alice' });
    await callTool(server, team.alice, 'share_survey', { survey_id: ours, user_email: 'carol@example.com', role: 'viewer' });
  });

  afterAll(() => team.close());

  const ourActions = ['survey.share', 'question.add', 'survey.status', 'survey.update', 'survey.create'];

  describe.each(['legacy', 'modern'] as const)('%s era', (era: Era) => {
    const list = (token: string, args: Record<string, unknown>) => callToolIn(era, team.server, token, 'list_audit_events', args);

    it("shows an admin the workspace's events, newest first, with who, which app, what and from where", async () => {
      const { status, isError, payload, structured } = await list(team.alice, { workspace_id: 'wsp_test' });
      expect({ status, isError }).toEqual({ status: 200, isError: false });
      expect(structured).toEqual(payload);
      expect(payload.events.map((event: { action: string }) => event.action)).toEqual(ourActions);
      expect(payload).toMatchObject({ workspace_id: 'wsp_test', total: 5, next_cursor: null });
      expect(payload.events[0]).toEqual({
        id: expect.stringMatching(/^aud_/),
        at: new Date(team.server.clock.now()).toISOString(),
        action: 'survey.share',
        user_id: expect.stringMatching(/^usr_/),
        user_email: 'alice@example.com',
        client_id: expect.any(String),
        client_name: 'survey-mcp token issue (admin)',
        survey_id: ours,
        address: '127.0.0.1',
        detail: { user_email: 'carol@example.com', role: 'viewer' },
      });
      expect(payload.events.find((event: { action: string }) => event.action === 'survey.status').detail).toEqual({ from: 'draft', to: 'open' });
    });

    it("never shows another workspace's events, even what one of its own admins did there", async () => {
      const mine = await list(team.alice, { workspace_id: 'wsp_test', user_email: 'alice@example.com', limit: 100 });
      expect(mine.payload.events.map((event: { survey_id: string }) => event.survey_id)).not.toContain(theirs);
      expect(mine.payload.total).toBe(5);
      const other = await list(team.bob, { workspace_id: 'wsp_other' });
      expect(other.payload.events.map((event: { action: string; user_email: string }) => `${event.action} ${event.user_email}`)).toEqual([
        'survey.update alice@example.com',
        'survey.share bob@example.com',
        'survey.create bob@example.com',
      ]);
      expect(await list(team.alice, { workspace_id: 'wsp_test', survey_id: theirs })).toMatchObject({ payload: { events: [], total: 0 } });
    });

    it('pages with next_cursor through events of one millisecond without a gap or a repeat, and keeps the total', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const { payload } = await list(team.alice, { workspace_id: 'wsp_test', limit: 2, ...(cursor && { cursor }) });
        expect(payload.total).toBe(5);
        expect(payload.events.length).toBeLessThanOrEqual(2);
        seen.push(...payload.events.map((event: { action: string }) => event.action));
        cursor = payload.next_cursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(ourActions);
    });

    it('filters by survey, person and time, and refuses a cursor of other filters', async () => {
      const bySurvey = await list(team.alice, { workspace_id: 'wsp_test', survey_id: ours, limit: 1 });
      expect(bySurvey.payload).toMatchObject({ total: 5, next_cursor: expect.any(String) });
      expect(await list(team.alice, { workspace_id: 'wsp_test', user_email: 'carol@example.com' })).toMatchObject({ payload: { events: [], total: 0 } });
      expect(await list(team.alice, { workspace_id: 'wsp_test', user_email: 'nobody@example.com' })).toMatchObject({ payload: { events: [], total: 0 } });
      const later = new Date(team.server.clock.now() + 1).toISOString();
      expect(await list(team.alice, { workspace_id: 'wsp_test', since: later })).toMatchObject({ payload: { events: [], total: 0 } });
      const reused = await list(team.alice, { workspace_id: 'wsp_test', cursor: bySurvey.payload.next_cursor });
      expect(reused).toMatchObject({ isError: true, payload: { error: "validation failed: 'cursor' does not match these filters" } });
    });

    it('refuses a member who is not an admin, and an admin of another workspace, as tool errors; an unknown workspace is not found', async () => {
      for (const token of [carol, team.bob]) {
        expect(await list(token, { workspace_id: 'wsp_test' })).toMatchObject({
          status: 200,
          isError: true,
          payload: { error: "not authorized to read the audit trail of workspace 'wsp_test'" },
        });
      }
      expect((await list(team.alice, { workspace_id: 'wsp_nope' })).payload).toEqual({ error: "workspace 'wsp_nope' not found" });
    });
  });
});
