/**
 * The SQLite read pool (src/store/sqlite/read-pool.ts): scanning reads on threads of their own,
 * with read-only connections that see every commit made before the read. Its fair turns are
 * FairTurns' (src/store/fair-turns.test.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase, type SqliteDatabase } from '../../src/store/sqlite/database.js';
import { SqliteReadPool } from '../../src/store/sqlite/read-pool.js';

let dir: string;
let db: SqliteDatabase;
let pool: SqliteReadPool;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'survey-mcp-read-pool-'));
  db = openSqliteDatabase(join(dir, 'store.db'));
});
afterEach(async () => {
  await pool.close();
  db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the SQLite read pool', () => {
  it('sees a commit made on the store connection before the read, and refuses writes', async () => {
    pool = new SqliteReadPool(join(dir, 'store.db'));
    db.prepare(`INSERT INTO workspaces (id, name, created_at) VALUES ('wsp_x', 'X', 1)`).run();
    expect(await pool.read<{ name: string }>('SELECT name FROM workspaces WHERE id = @id', { id: 'wsp_x' }, true)).toEqual({ name: 'X' });
    await expect(pool.read('DELETE FROM workspaces RETURNING id', {}, false)).rejects.toThrow(/readonly|read-only/i);
  });
});
