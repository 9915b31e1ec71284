import { describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from '../../src/platform/clock.js';
import { operator } from '../../src/platform/context.js';
import { seedDemo } from '../../src/platform/demo/index.js';
import { createPlatform } from '../../src/platform/index.js';
import { openSqliteDatabase } from '../../src/store/sqlite/database.js';
import { openSqliteStore } from '../../src/store/sqlite/index.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const now = Date.parse('2026-04-01T12:00:00Z');

async function seeded(file: string) {
  const clock = new ManualClock(now);
  const store = openSqliteStore(file);
  await seedDemo({ store, clock }, operator);
  return { store, clock, platform: createPlatform({ store, clock }) };
}

const tables = ['users', 'workspaces', 'workspace_members', 'surveys', 'collaborators', 'questions', 'choices', 'responses', 'answers'];

function dump(file: string): Record<string, unknown[]> {
  const db = openSqliteDatabase(file);
  try {
    return Object.fromEntries(
      tables.map((table) => {
        const rows = db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all() as Array<Record<string, unknown>>;
        // Password hashes are salted at random; everything else must match.
        return [table, rows.map(({ password_hash: _ignored, ...row }) => row)];
      }),
    );
  } finally {
    db.close();
  }
}

describe('demo data', () => {
  it('comes out row for row identical from two seeds into two stores', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-'));
    const first = await seeded(join(dir, 'a.db'));
    const second = await seeded(join(dir, 'b.db'));
    await first.store.close();
    await second.store.close();
    const a = dump(join(dir, 'a.db'));
    expect(a.responses!.length).toBeGreaterThan(2000);
    expect(a.responses!.length).toBeLessThan(4000);
    expect(dump(join(dir, 'b.db'))).toEqual(a);
  });

  it('puts a survey in every state, with the promised ids and roles', async () => {
    const { platform, store } = await seeded(':memory:');
    const alice = await platform.listSurveys('usr_demo_alice', { limit: 100 });
    const statuses = Object.fromEntries(alice.surveys.map((s) => [s.id, s.status]));
    expect(statuses).toEqual({
      srv_demo_nps: 'open',
      srv_demo_feedback: 'open',
      srv_demo_pulse: 'closed',
      srv_demo_onboarding: 'draft',
      srv_demo_webinar: 'paused',
      srv_demo_launch: 'closed',
      srv_demo_2025: 'archived',
    });
    const bob = await platform.listSurveys('usr_demo_bob', {});
    expect(bob.surveys.map((s) => [s.id, s.my_role]).sort()).toEqual([
      ['srv_demo_feedback', 'analyst'],
      ['srv_demo_nps', 'analyst'],
      ['srv_demo_pulse', 'viewer'],
    ]);
    await expect(platform.getSurvey('usr_demo_alice', { survey_id: 'srv_demo_offsite' })).rejects.toThrow(
      "not authorized to view survey 'srv_demo_offsite'",
    );
    const launch = await store.findSurvey('srv_demo_launch');
    expect(launch!.responseCounts.completed).toBe(200);
    const results = await platform.getSurveyResults('usr_demo_alice', { survey_id: 'srv_demo_nps', segment_by: 'qst_demo_nps_2' });
    const nps = results.questions[0]!.nps!;
    expect(nps.score).toBeGreaterThan(20);
    expect(results.segmented_by!.segments).toHaveLength(3);
    await store.close();
  });
});

describe('seeding the demo twice', () => {
  it('seeds once and then says another run got there first, leaving one copy of the data', async () => {
    const store = openSqliteStore(':memory:');
    try {
      expect(await seedDemo({ store, clock: systemClock }, operator)).toBe(true);
      const users = await store.listUsers();
      expect(await seedDemo({ store, clock: systemClock }, operator)).toBe(false);
      expect(await store.listUsers()).toEqual(users);
    } finally {
      await store.close();
    }
  });
});
