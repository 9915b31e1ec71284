/**
 * The SQLite read pool (src/store/sqlite/read-pool.ts): scanning reads on threads of their own,
 * with read-only connections that see every commit made before the read, in fair turns between
 * people.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readerKey } from '../../src/store/reader-key.js';
import { openSqliteDatabase, type SqliteDatabase } from '../../src/store/sqlite/database.js';
import { SqliteReadPool } from '../../src/store/sqlite/read-pool.js';

/** A read that counts to 300,000 in SQL: long enough to queue others behind it. */
const slow = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) SELECT count(*) AS n, @tag AS tag FROM c`;

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
  it("takes people's waiting reads in turn, so one person's queue does not hold another's read behind all of it", async () => {
    pool = new SqliteReadPool(join(dir, 'store.db'), 1);
    const done: string[] = [];
    const read = (person: string, tag: string) =>
      readerKey.run({ person }, () => pool.read<{ tag: string }>(slow, { tag }, true)).then((row) => done.push(row.tag));
    const reads = [read('alice', 'a1'), read('alice', 'a2'), read('alice', 'a3'), read('alice', 'a4'), read('bob', 'b1')];
    expect(pool.waiting).toBe(4);
    await Promise.all(reads);
    // a1 was running; then alice and bob alternate while both have reads waiting.
    expect(done).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  });

  it('sees a commit made on the store connection before the read, and refuses writes', async () => {
    pool = new SqliteReadPool(join(dir, 'store.db'));
    db.prepare(`INSERT INTO workspaces (id, name, created_at) VALUES ('wsp_x', 'X', 1)`).run();
    expect(await pool.read<{ name: string }>('SELECT name FROM workspaces WHERE id = @id', { id: 'wsp_x' }, true)).toEqual({ name: 'X' });
    await expect(pool.read('DELETE FROM workspaces RETURNING id', {}, false)).rejects.toThrow(/readonly|read-only/i);
  });

  it('drops a waiting read whose client has gone, and runs the next one', async () => {
    pool = new SqliteReadPool(join(dir, 'store.db'), 1);
    const gone = new AbortController();
    const running = pool.read(slow, { tag: 'running' }, true);
    const dropped = readerKey.run({ person: 'alice', gone: gone.signal }, () => pool.read(slow, { tag: 'dropped' }, true));
    const next = readerKey.run({ person: 'bob' }, () => pool.read<{ tag: string }>(slow, { tag: 'next' }, true));
    gone.abort();
    await expect(dropped).rejects.toThrow('the client of this request has gone');
    await running;
    expect(await next).toMatchObject({ tag: 'next' });
  });
});
