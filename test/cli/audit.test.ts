/** Issue 36: `survey-mcp audit` reads the trail a running server wrote to the same store. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';
import { cli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'survey-mcp-audit-'));
const db = join(dir, 'survey.db');
const day = 86_400_000;
const now = Date.now();

beforeAll(async () => {
  expect((await cli('users', 'add', '--create', '--email', 'ann@example.com', '--name', 'Ann', '--password', 'correct horse battery', '--db', db)).code).toBe(0);
  const store = await openStore(db);
  const ann = (await store.findUserByEmail('ann@example.com'))!;
  const event = { actorUserId: ann.id, clientId: undefined, workspaceId: undefined, address: '203.0.113.7' };
  await store.recordAuditEvent({ ...event, id: 'aud_old', at: now - 10 * day, action: 'survey.create', surveyId: 'srv_a', detail: { title: 'Old' } });
  await store.recordAuditEvent({ ...event, id: 'aud_new', at: now - 60_000, action: 'survey.status', surveyId: 'srv_b', detail: { from: 'open', to: 'closed' } });
  await store.close();
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('survey-mcp audit', () => {
  it('prints the newest event first, one a line: when, what, who, on which survey, from where', async () => {
    const { code, stdout } = await cli('audit', '--db', db);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z {2}survey\.status {6}ann@example\.com on srv_b from 203\.0\.113\.7 \{"from":"open","to":"closed"\}$/);
    expect(lines[1]).toContain('survey.create');
  });

  it('filters by --since (a span or a date), --survey and --user, and prints JSON', async () => {
    const recent = JSON.parse((await cli('audit', '--db', db, '--since', '7d', '--json')).stdout) as Array<{ id: string; at: string }>;
    expect(recent.map((event) => event.id)).toEqual(['aud_new']);
    expect(recent[0]!.at).toBe(new Date(now - 60_000).toISOString());
    const since = new Date(now - 30 * day).toISOString().slice(0, 10);
    expect(JSON.parse((await cli('audit', '--db', db, '--since', since, '--survey', 'srv_a', '--json')).stdout)).toMatchObject([{ id: 'aud_old', actorEmail: 'ann@example.com' }]);
    expect((await cli('audit', '--db', db, '--user', 'ann@example.com', '--limit', '1')).stdout.trim().split('\n')).toHaveLength(1);
    expect((await cli('audit', '--db', db, '--survey', 'srv_none')).stdout).toBe('no audit events match\n');
  });

  it('refuses a --since that is no time (exit 2) and names an unknown --user', async () => {
    const bad = await cli('audit', '--db', db, '--since', 'last tuesday');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--since 'last tuesday' is not a time: give an ISO date such as 2026-11-01");
    const unknown = await cli('audit', '--db', db, '--user', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('survey-mcp users list');
  });
});
