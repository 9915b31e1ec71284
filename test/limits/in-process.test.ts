import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import ts from 'typescript';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLogInUseError } from '../../src/limits/errors.js';
import { openInProcessSlidingLog, type InProcessSlidingLog, type InProcessSlidingLogOptions } from '../../src/limits/in-process.js';
import type { SlidingLog } from '../../src/limits/limiter.js';
import { tuneLogConnection, WriteBehindThread } from '../../src/limits/write-behind.js';
import { describeSlidingLogContract, RULE, T0 } from './sliding-log.contract.js';

describeSlidingLogContract(
  'in-process, written behind to a SQLite file',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'survey-mcp-limits-'));
    const opened: SlidingLog[] = [];
    return {
      open: async () => {
        const log = openInProcessSlidingLog(join(dir, 'rate.db'));
        opened.push(log);
        return log;
      },
      dispose: async () => {
        await Promise.all(opened.map((log) => log.close()));
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
  { sharedStore: false },
);

describe('the in-process sliding log', () => {
  let dir: string;
  let file: string;
  const closeLater: Array<{ close(): unknown }> = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'survey-mcp-limits-'));
    file = join(dir, 'rate.db');
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const item of closeLater.splice(0).reverse()) await item.close();
    await rm(dir, { recursive: true, force: true });
  });

  function open(options?: InProcessSlidingLogOptions): InProcessSlidingLog {
    const log = openInProcessSlidingLog(file, options);
    closeLater.push(log);
    return log;
  }

  function inspect(): Database.Database {
    const db = new Database(file);
    closeLater.push(db);
    return db;
  }

  it('gives each of its connections a 1 MiB page cache, not the 16 MiB better-sqlite3 builds SQLite with', () => {
    const db = inspect();
    expect(db.pragma('cache_size', { simple: true })).toBe(-16000);
    tuneLogConnection(db, 1000);
    expect(db.pragma('cache_size', { simple: true })).toBe(-1024);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(1000);
  });

  const rowsOf = (db: Database.Database, key: string): number =>
    db.prepare('SELECT count(*) FROM rate_events WHERE key = ?').pluck().get(key) as number;

  it('works in memory with ":memory:"', async () => {
    const log = openInProcessSlidingLog(':memory:');
    closeLater.push(log);
    for (let i = 0; i < 180; i++) expect((await log.consume('user', RULE, T0)).allowed).toBe(true);
    expect(await log.consume('user', RULE, T0 + 1)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(log.store).toBe('sqlite::memory:');
  });

  it('creates its own tables in WAL mode, next to tables that are already there', async () => {
    const before = new Database(file);
    before.exec("CREATE TABLE accounts (id TEXT); INSERT INTO accounts VALUES ('a1')");
    before.close();

    await open().consume('user', RULE, T0);
    const db = inspect();
    const names = db.prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all();
    expect(names).toEqual(['accounts', 'rate_events', 'rate_events_key_at_ms', 'rate_log_owner']);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT id FROM accounts').pluck().all()).toEqual(['a1']);
  });

  it('writes admitted requests behind, and only those, and restores the windows when opened again', async () => {
    const first = open();
    for (let i = 0; i < 500; i++) await first.consume('user', RULE, T0 + i);
    expect(rowsOf(inspect(), 'user'), 'nothing written before a flush').toBe(0);
    first.flush();
    expect(rowsOf(inspect(), 'user')).toBe(180);
    await first.close();
    const again = open();
    expect(await again.consume('user', RULE, T0 + 1000)).toEqual({ allowed: false, retryAfterSeconds: 59 });
    expect(await again.consume('user', RULE, T0 + 60_000)).toEqual({ allowed: true });
  });

  it('keeps a long window through a restart when a shorter rule is asked for first', async () => {
    const account = { limit: 2, windowMs: 900_000 };
    const first = open({ retainMs: account.windowMs });
    await first.consume('sign-in:account', account, T0);
    await first.consume('sign-in:account', account, T0);
    await first.close();
    const again = open({ retainMs: account.windowMs });
    await again.consume('user', RULE, T0 + 120_000);
    again.flush();
    expect(await again.consume('sign-in:account', account, T0 + 120_000)).toEqual({ allowed: false, retryAfterSeconds: 780 });
  });

  describe('moving the rows of the file it lived in before (the store of an upgraded deployment)', () => {
    let storeFile: string;
    beforeEach(() => {
      storeFile = join(dir, 'store.db');
    });

    /** A store file as an older server left it: its own table, and the log's rows in it. */
    async function olderStore(admitted: number): Promise<void> {
      const before = new Database(storeFile);
      before.exec("CREATE TABLE accounts (id TEXT); INSERT INTO accounts VALUES ('a1')");
      before.close();
      const older = openInProcessSlidingLog(storeFile);
      for (let i = 0; i < admitted; i++) await older.consume('user', RULE, T0);
      await older.close();
    }

    const tablesOf = (path: string): unknown[] => {
      const db = new Database(path, { readonly: true });
      try {
        return db.prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all();
      } finally {
        db.close();
      }
    };

    it('keeps their windows, and leaves the store file only its own tables', async () => {
      await olderStore(180);
      const log = open({ movingFrom: storeFile });
      expect(await log.consume('user', RULE, T0 + 1000)).toEqual({ allowed: false, retryAfterSeconds: 59 });
      expect(rowsOf(inspect(), 'user')).toBe(180);
      expect(tablesOf(storeFile)).toEqual(['accounts']);
    });

    it('copies nothing into a log that has rows already (a start that died between the two commits), and only drops', async () => {
      const first = open();
      await first.consume('user', RULE, T0);
      await first.close();
      await olderStore(5);
      open({ movingFrom: storeFile });
      expect(rowsOf(inspect(), 'user')).toBe(1);
      expect(tablesOf(storeFile)).toEqual(['accounts']);
    });

    it('leaves a store file without rate tables untouched', async () => {
      const before = new Database(storeFile);
      before.exec('CREATE TABLE accounts (id TEXT)');
      before.close();
      expect(await open({ movingFrom: storeFile }).consume('user', RULE, T0)).toEqual({ allowed: true });
      expect(tablesOf(storeFile)).toEqual(['accounts']);
    });

    it('refuses to start while an older server still keeps its windows in the store file', async () => {
      const older = openInProcessSlidingLog(storeFile);
      closeLater.push(older);
      expect(() => open({ movingFrom: storeFile })).toThrow(
        new RegExp(`^rate windows of sqlite:${storeFile} are kept by another survey-mcp process`),
      );
    });
  });

  it('writes behind on its own timer', async () => {
    const log = open({ flushEveryMs: 10 });
    await log.consume('user', RULE);
    const db = inspect();
    for (let waited = 0; rowsOf(db, 'user') === 0 && waited < 5000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(rowsOf(db, 'user')).toBe(1);
  });

  it('has every admitted request in the file when flush() returns, the batch its thread was writing included', async () => {
    const handedOver = vi.spyOn(WriteBehindThread.prototype, 'write');
    const waitedFor = vi.spyOn(WriteBehindThread.prototype, 'awaitWrite');
    const log = open({ flushEveryMs: 1 });
    const db = inspect();
    for (let i = 0; i < 100_000; i++) await log.consume(`user-${i % 1000}`, RULE, T0);
    // The loop never left the microtask queue, so the 1 ms timer is overdue: it runs before this
    // later timer, handing the 100,000 to the thread, and the thread's answer (a message) cannot
    // arrive before the code after this await runs. flush() therefore meets the batch there.
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(handedOver.mock.calls.map(([batch]) => batch.keys.length)).toEqual([100_000]);
    await log.consume('user-last', RULE, T0);
    log.flush();
    expect(waitedFor).toHaveBeenCalledOnce();
    expect(db.prepare('SELECT count(*) FROM rate_events').pluck().get()).toBe(100_001);
  });

  it('keeps a batch the file refused for a later one, and writes it once', async () => {
    const written = vi.spyOn(WriteBehindThread.prototype, 'write');
    /** What the thread answered for its nth batch (true: written), once it has answered. */
    const answer = async (nth: number): Promise<boolean> => {
      await vi.waitFor(() => expect(written.mock.results.length).toBeGreaterThan(nth), { timeout: 10_000, interval: 5 });
      return written.mock.results[nth]!.value as Promise<boolean>;
    };
    const log = open({ flushEveryMs: 10, busyTimeoutMs: 20 });
    const db = inspect();
    db.exec('BEGIN IMMEDIATE');
    await log.consume('user', RULE);
    expect(await answer(0)).toBe(false);
    db.exec('COMMIT');
    expect(await answer(1)).toBe(true);
    expect(written.mock.calls[1]![0].keys).toEqual(['user']);
    // Whatever the log still holds, flush() writes: a batch kept twice would show up now.
    log.flush();
    expect(rowsOf(db, 'user')).toBe(1);
  });

  it('sweeps rows and keys that have left every window', async () => {
    const log = open();
    for (let i = 0; i < 5; i++) await log.consume('ip:gone', RULE, T0);
    log.flush();
    for (let i = 0; i < 10; i++) await log.consume('ip:other', RULE, Date.now());
    log.flush();
    const db = inspect();
    expect(rowsOf(db, 'ip:gone')).toBe(0);
    expect(rowsOf(db, 'ip:other')).toBe(10);
  });

  it('refuses a second log on the same file while the first is open, naming the process', () => {
    open();
    const error = (() => {
      try {
        open();
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(RateLogInUseError);
    expect((error as Error).message).toMatch(
      new RegExp(`^rate windows of sqlite:${file} are kept by another survey-mcp process \\(pid ${process.pid} on .+\\): two processes`),
    );
    expect((error as Error).message).toContain('--rate-store redis://HOST:6379');
  });

  it('opens the file again once the first log is closed', async () => {
    const first = open();
    await first.close();
    expect(await open().consume('user', RULE, T0)).toEqual({ allowed: true });
  });

  it('takes over from an owner that stopped writing long ago', async () => {
    open();
    inspect().prepare('UPDATE rate_log_owner SET heartbeat_ms = ?').run(Date.now() - 60_000);
    expect(await open().consume('user', RULE, T0)).toEqual({ allowed: true });
  });

  it('answers "rate store unavailable" once closed, and closing twice is harmless', async () => {
    const log = open();
    await log.close();
    await log.close();
    await expect(log.consume('user', RULE, T0)).rejects.toThrow(`rate store unavailable: sqlite:${file} (closed)`);
  });

  it('keeps the windows a process admitted before kill -9, and takes the file over from the dead process', async () => {
    const runner = await buildChildRunner(dir);
    const child = spawn(process.execPath, [runner, file, String(T0)], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe('180');
    expect(() => openInProcessSlidingLog(file)).toThrow(RateLogInUseError);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const log = open();
    expect(await log.consume('user', RULE, T0 + 1000)).toEqual({ allowed: false, retryAfterSeconds: 59 });
  });
});

/**
 * Node 20 cannot run TypeScript: transpile the limiter's sources into `dir` and write a child
 * script that opens the log, consumes 181 times, writes behind, prints how many it admitted and
 * then waits to be killed.
 */
async function buildChildRunner(dir: string): Promise<string> {
  const out = join(dir, 'child');
  await mkdir(join(out, 'limits'), { recursive: true });
  const sources = resolve(import.meta.dirname, '../../src');
  // The limiter's modules and the one module outside src/limits they import, laid out as in src.
  for (const name of ['limits/in-process', 'limits/write-behind', 'limits/memory', 'limits/sliding-log', 'limits/errors', 'limits/limiter', 'redact-url']) {
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
    `import { openInProcessSlidingLog } from './limits/in-process.js';
const [file, now] = process.argv.slice(2);
const log = openInProcessSlidingLog(file);
let admitted = 0;
for (let i = 0; i < 181; i++) {
  if ((await log.consume('user', ${JSON.stringify(RULE)}, Number(now))).allowed) admitted++;
}
log.flush();
console.log(String(admitted));
setInterval(() => {}, 1000);
`,
  );
  return runner;
}
