import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import ts from 'typescript';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SlidingLog } from '../../src/limits/limiter.js';
import { openSqliteSlidingLog, SqliteSlidingLog } from '../../src/limits/sqlite.js';
import { describeSlidingLogContract, RULE, T0 } from './sliding-log.contract.js';

describeSlidingLogContract('SQLite (a WAL file; two instances model two processes)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'survey-mcp-limits-'));
  const file = join(dir, 'rate.db');
  const opened: SlidingLog[] = [];
  return {
    open: async () => {
      const log = openSqliteSlidingLog(file);
      opened.push(log);
      return log;
    },
    dispose: async () => {
      await Promise.all(opened.map((log) => log.close()));
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('the SQLite sliding log', () => {
  let dir: string;
  let file: string;
  const closeLater: Array<{ close(): unknown }> = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'survey-mcp-limits-'));
    file = join(dir, 'rate.db');
  });
  afterEach(async () => {
    for (const item of closeLater.splice(0)) await item.close();
    await rm(dir, { recursive: true, force: true });
  });

  function open(options?: ConstructorParameters<typeof SqliteSlidingLog>[1]): SqliteSlidingLog {
    const log = openSqliteSlidingLog(file, options);
    closeLater.push(log);
    return log;
  }

  function inspect(): Database.Database {
    const db = new Database(file);
    closeLater.push(db);
    return db;
  }

  const rowsOf = (db: Database.Database, key: string): number =>
    db.prepare('SELECT count(*) FROM rate_events WHERE key = ?').pluck().get(key) as number;

  it('works in memory with ":memory:"', async () => {
    const log = openSqliteSlidingLog(':memory:');
    closeLater.push(log);
    for (let i = 0; i < 180; i++) expect((await log.consume('user', RULE, T0)).allowed).toBe(true);
    expect(await log.consume('user', RULE, T0 + 1)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(log.store).toBe('sqlite::memory:');
  });

  it('creates its own table and index in WAL mode, next to tables that are already there', async () => {
    const before = new Database(file);
    before.exec("CREATE TABLE accounts (id TEXT); INSERT INTO accounts VALUES ('a1')");
    before.close();

    await open().consume('user', RULE, T0);
    const db = inspect();
    const names = db.prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all();
    expect(names).toEqual(['accounts', 'rate_events', 'rate_events_key_at_ms']);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT id FROM accounts').pluck().all()).toEqual(['a1']);
  });

  it('keeps the log when the file is opened again', async () => {
    const first = open();
    for (let i = 0; i < 180; i++) await first.consume('user', RULE, T0);
    await first.close();
    expect(await open().consume('user', RULE, T0 + 1000)).toEqual({ allowed: false, retryAfterSeconds: 59 });
  });

  it("deletes a key's expired rows on that key's next request", async () => {
    const log = open();
    for (let i = 0; i < 180; i++) await log.consume('user', RULE, T0 + i);
    await log.consume('user', RULE, T0 + 60_000 + 100);
    expect(rowsOf(inspect(), 'user')).toBe(180 - 101 + 1);
  });

  it('does not store refused requests', async () => {
    const log = open();
    for (let i = 0; i < 500; i++) await log.consume('user', RULE, T0 + i);
    expect(rowsOf(inspect(), 'user')).toBe(180);
  });

  it('sweeps the rows of keys that never come back', async () => {
    const log = open({ sweepEvery: 10 });
    for (let i = 0; i < 5; i++) await log.consume('ip:gone', RULE, T0);
    for (let i = 0; i < 10; i++) await log.consume('ip:other', RULE, T0 + 60_000);
    const db = inspect();
    expect(rowsOf(db, 'ip:gone')).toBe(0);
    expect(rowsOf(db, 'ip:other')).toBe(10);
  });

  it('answers "rate store unavailable" with SQLITE_BUSY when another connection holds the lock too long', async () => {
    const log = open({ busyTimeoutMs: 50 });
    await log.consume('user', RULE, T0);
    const other = inspect();
    other.exec('BEGIN IMMEDIATE');
    await expect(log.consume('user', RULE, T0)).rejects.toThrow(
      `rate store unavailable: sqlite:${file} (SQLITE_BUSY)`,
    );
    other.exec('COMMIT');
    expect(await log.consume('user', RULE, T0)).toEqual({ allowed: true });
  });

  it('answers "rate store unavailable" once closed, and closing twice is harmless', async () => {
    const log = open();
    await log.close();
    await log.close();
    await expect(log.consume('user', RULE, T0)).rejects.toThrow(`rate store unavailable: sqlite:${file} (closed)`);
  });

  it('admits exactly 180 of 1000 requests from four processes on one file', async () => {
    const runner = await buildChildRunner(dir);
    const children = Array.from({ length: 4 }, () =>
      spawn(process.execPath, [runner, file, '250', String(T0)], { stdio: ['pipe', 'pipe', 'inherit'] }),
    );
    const lines = children.map((child) => createInterface({ input: child.stdout })[Symbol.asyncIterator]());
    // Start them together, once each has opened the file.
    for (const line of lines) expect((await line.next()).value).toBe('ready');
    for (const child of children) child.stdin.end('go\n');
    const admitted = await Promise.all(lines.map(async (line) => Number((await line.next()).value)));
    expect(admitted.reduce((sum, n) => sum + n, 0)).toBe(180);
    expect(rowsOf(inspect(), 'user')).toBe(180);
  });
});

/**
 * Node 20 cannot run TypeScript: transpile the limiter's sources into `dir` and write a child
 * script that opens the log, says "ready", waits for "go", consumes and prints how many it got.
 */
async function buildChildRunner(dir: string): Promise<string> {
  const out = join(dir, 'child');
  await mkdir(join(out, 'limits'), { recursive: true });
  const sources = resolve(import.meta.dirname, '../../src');
  // The limiter's modules and the one module outside src/limits they import, laid out as in src.
  for (const name of ['limits/sqlite', 'limits/sliding-log', 'limits/errors', 'limits/limiter', 'redact-url']) {
    const source = await readFile(join(sources, `${name}.ts`), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    await writeFile(join(out, `${name}.js`), outputText);
  }
  await writeFile(join(out, 'package.json'), '{"type":"module"}');
  await symlink(resolve(import.meta.dirname, '../../node_modules'), join(out, 'node_modules'), 'dir');
  const runner = join(out, 'runner.js');
  await writeFile(
    runner,
    `import { openSqliteSlidingLog } from './limits/sqlite.js';
const [file, count, now] = process.argv.slice(2);
const log = openSqliteSlidingLog(file);
console.log('ready');
process.stdin.once('data', async () => {
  let admitted = 0;
  for (let i = 0; i < Number(count); i++) {
    if ((await log.consume('user', ${JSON.stringify(RULE)}, Number(now))).allowed) admitted++;
  }
  await log.close();
  console.log(String(admitted));
});
`,
  );
  return runner;
}
