import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { seedDemo } from '../../src/platform/demo/index.js';
import { openSqliteDatabase } from '../../src/store/sqlite/database.js';
import { openSqliteStore } from '../../src/store/sqlite/index.js';
import { migrations } from '../../src/store/sqlite/migrations/index.js';

describe('survey tables on SQLite', () => {
  it('are created in an empty file by the migrations', () => {
    const db = openSqliteDatabase(join(mkdtempSync(join(tmpdir(), 'mig-')), 'new.db'));
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['workspaces', 'workspace_members', 'surveys', 'collaborators', 'questions', 'choices', 'responses', 'answers']));
    db.close();
  });

  it('keep their data and schema version when the file is opened again', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mig-')), 'kept.db');
    const store = openSqliteStore(file);
    await seedDemo(store, { clock: new ManualClock(Date.parse('2026-04-01T00:00:00Z')) });
    const before = await store.findSurvey('srv_demo_nps');
    await store.close();
    const again = openSqliteStore(file);
    expect(await again.findSurvey('srv_demo_nps')).toEqual(before);
    expect((await again.listQuestions('srv_demo_nps')).map((q) => q.id)).toEqual(['qst_demo_nps_1', 'qst_demo_nps_2', 'qst_demo_nps_3']);
    await again.close();
    const db = openSqliteDatabase(file);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    db.close();
  });

  it('fill the answer rollup of a version 3 file from its answers, as the inserts would have', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mig-')), 'v3.db');
    const store = openSqliteStore(file);
    await seedDemo(store, { clock: new ManualClock(Date.parse('2026-04-01T00:00:00Z')) });
    await store.close();
    const tallies = (db: ReturnType<typeof openSqliteDatabase>) =>
      db.prepare('SELECT * FROM answer_tallies ORDER BY question_id, kind, status, day, choice_id, number').all();
    const db = openSqliteDatabase(file);
    const kept = tallies(db);
    expect(kept.length).toBeGreaterThan(1000);
    // Version 4 only adds the rollup, so without it this is the file version 3 wrote.
    db.exec('DROP TABLE answer_tallies');
    db.pragma('user_version = 3');
    db.close();
    const migrated = openSqliteDatabase(file);
    expect(migrated.pragma('user_version', { simple: true })).toBe(4);
    expect(tallies(migrated)).toEqual(kept);
    migrated.close();
  });
});
