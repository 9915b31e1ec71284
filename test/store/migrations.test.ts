import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { operator } from '../../src/platform/context.js';
import { seedDemo } from '../../src/platform/demo/index.js';
import { openSqliteDatabase } from '../../src/store/sqlite/database.js';
import { openSqliteStore } from '../../src/store/sqlite/index.js';
import { migrations as postgresMigrations } from '../../src/store/postgres/migrations/index.js';
import { migrations } from '../../src/store/sqlite/migrations/index.js';

describe('the migrations', () => {
  // An applied migration never runs again, so an edit would leave old and new databases apart.
  it('are, byte for byte, the SQL each backend shipped', () => {
    const digests = (sql: readonly string[]) => sql.map((text) => createHash('sha256').update(text).digest('hex').slice(0, 16));
    expect(digests(migrations)).toEqual(['f057e8ae546d0fb5', 'd5a3617d253a3647', '1ca396eed45ea202', '8bca81c6efb66eb8', '019769bb26c18a8a', 'd4cdc15814781e29', '15c75a96a86dc8fe', '4964ef9550ca7e47', '0047e6f0c6b0221c', '7da5b2e3f1c136b0', '98344c7f97be7017', '5972dfa45bd12422', '3db1b098b13ed2e7']);
    expect(digests(postgresMigrations)).toEqual(['81d77dbeefb0e9fd', '209495b4430d4328', 'c14e25c91f702667', 'dc9350b5eabed64c', 'e1ad71c00df73273', '92d0335644be5112', 'c92acd1c7f215e45', 'ff19658bc839359d', 'e07f492bb3cdb96b', '9238bf006c5cf197', '860a060603d58061', '5972dfa45bd12422', '3db1b098b13ed2e7']);
  });
});

/** Version 6 added three token columns and an index, and nothing else. */
function undoRefreshGrace(db: ReturnType<typeof openSqliteDatabase>): void {
  db.exec('DROP INDEX oauth_tokens_sealed_until');
  for (const column of ['successor_hash', 'successor_sealed', 'grace_until']) db.exec(`ALTER TABLE oauth_tokens DROP COLUMN ${column}`);
}

/** Version 8 added three tables (single sign-on, client metadata copies) and two indexes, and nothing else. */
function undoSignIn(db: ReturnType<typeof openSqliteDatabase>): void {
  db.exec('DROP TABLE sso_attempts; DROP TABLE sso_identities; DROP TABLE client_metadata_copies');
  db.exec('DROP INDEX oauth_tokens_by_expiry; DROP INDEX oauth_codes_by_expiry');
}

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
    await seedDemo({ store, clock: new ManualClock(Date.parse('2026-04-01T00:00:00Z')) }, operator);
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

  // Version 4 added answer_tallies, version 5 segment_tallies, version 6 the refresh-grace token columns,
  // version 7 the sso_only column, version 8 the sign-in tables, version 9 audit_events, version 10
  // client_assertion_ids, version 11 the confirmation tables and version 12 oauth_grants.granted_by, version 13 the audit trace columns, and nothing else: without them, this is the file the older version wrote.
  it.each([
    { version: 3, added: ['answer_tallies', 'segment_tallies'] },
    { version: 4, added: ['segment_tallies'] },
  ])('fill the rollups of a version $version file from its answers, as the inserts would have', async ({ version, added }) => {
    const file = join(mkdtempSync(join(tmpdir(), 'mig-')), `v${version}.db`);
    const store = openSqliteStore(file);
    await seedDemo({ store, clock: new ManualClock(Date.parse('2026-04-01T00:00:00Z')) }, operator);
    await store.close();
    const rollups = (db: ReturnType<typeof openSqliteDatabase>) =>
      added.map((table) => db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`).all());
    const db = openSqliteDatabase(file);
    const kept = rollups(db);
    for (const rows of kept) expect(rows.length).toBeGreaterThan(1000);
    for (const table of added) db.exec(`DROP TABLE ${table}`);
    undoSignIn(db);
    undoRefreshGrace(db);
    db.exec('ALTER TABLE users DROP COLUMN sso_only');
    db.exec('DROP TABLE audit_events');
    db.exec('DROP TABLE client_assertion_ids');
    db.exec('DROP TABLE confirmation_uses; DROP TABLE server_keys');
    db.exec('ALTER TABLE oauth_grants DROP COLUMN granted_by');
    db.pragma(`user_version = ${version}`);
    db.close();
    const migrated = openSqliteDatabase(file);
    expect(migrated.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(rollups(migrated)).toEqual(kept);
    migrated.close();
  });

  it('adds the refresh grace columns to a version 5 file, keeping its tokens', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mig-')), 'v5.db');
    const db = openSqliteDatabase(file);
    db.exec(`INSERT INTO users (id, email, email_key, name, password_hash, created_at) VALUES ('usr_1', 'a@x', 'a@x', 'A', 'h', 0);
      INSERT INTO oauth_clients VALUES ('cli_1', 'k', 'C', '[]', '[]', '[]', 's', 0);
      INSERT INTO oauth_grants (id, user_id, client_id, scope, created_at) VALUES ('grt_1', 'usr_1', 'cli_1', 's', 0);
      INSERT INTO oauth_tokens (token_hash, kind, grant_id, scope, created_at, expires_at, spent_at) VALUES ('h1', 'refresh', 'grt_1', 's', 0, 9, 5);`);
    undoSignIn(db);
    undoRefreshGrace(db);
    db.exec('ALTER TABLE users DROP COLUMN sso_only');
    db.exec('DROP TABLE audit_events');
    db.exec('DROP TABLE client_assertion_ids');
    db.exec('DROP TABLE confirmation_uses; DROP TABLE server_keys');
    db.exec('ALTER TABLE oauth_grants DROP COLUMN granted_by');
    db.pragma('user_version = 5');
    db.close();
    const migrated = openSqliteDatabase(file);
    expect(migrated.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(migrated.prepare('SELECT token_hash, spent_at, successor_hash, successor_sealed, grace_until FROM oauth_tokens').all()).toEqual([
      { token_hash: 'h1', spent_at: 5, successor_hash: null, successor_sealed: null, grace_until: null },
    ]);
    // Version 12: a grant made before enterprise-managed authorization was approved by the person.
    expect(migrated.prepare('SELECT id, granted_by FROM oauth_grants').all()).toEqual([{ id: 'grt_1', granted_by: null }]);
    migrated.close();
  });
});
