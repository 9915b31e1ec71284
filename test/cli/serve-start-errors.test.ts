import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';

const dirs: string[] = [];
/** A fresh directory, to show what a failed start left in it. */
function freshDir(): string {
  dirs.push(mkdtempSync(join(tmpdir(), 'cli-serve-errors-')));
  return dirs.at(-1)!;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const serve = (...args: string[]) => cli('serve', '--no-seed', '--port', '0', '--auth-port', '0', ...args);
const hostFix = 'give an address of this machine: 127.0.0.1 or ::1 (this machine only), or 0.0.0.0 or :: (every interface)';

describe('serve refuses a store it cannot open, naming the path and the fix', () => {
  it('in a directory that does not exist', async () => {
    const db = join(freshDir(), 'missing', 'survey.db');
    expect(await serve('--db', db)).toEqual({
      code: 1,
      stdout: '',
      stderr: `survey-mcp: --db '${db}': the directory ${join(db, '..')} does not exist: create it or choose another path\n`,
    });
  });

  it('under a file, or where no file can be created', async () => {
    const file = join(freshDir(), 'plain-file');
    writeFileSync(file, '');
    expect((await serve('--db', join(file, 'survey.db'))).stderr).toBe(
      `survey-mcp: --db '${join(file, 'survey.db')}': ${file} is not a directory: choose a path inside a directory\n`,
    );
    const inProc = await serve('--db', '/proc/survey.db');
    expect(inProc.code).toBe(1);
    expect(inProc.stderr).toMatch(/^survey-mcp: --db '\/proc\/survey\.db': no file can be created in \/proc \(E[A-Z]+\): choose a writable path\n$/);
  });

  it('that is a directory', async () => {
    const dir = freshDir();
    expect((await serve('--db', dir)).stderr).toBe(`survey-mcp: --db '${dir}': ${dir} is a directory: name a file in it, e.g. ${join(dir, 'survey-mcp.db')}\n`);
  });
});

describe('serve refuses a configuration that cannot work with exit 2, before creating anything', () => {
  it('the same port for both hosts', async () => {
    const dir = freshDir();
    expect(await cli('serve', '--port', '8999', '--auth-port', '8999', '--db', join(dir, 'survey.db'))).toEqual({
      code: 2,
      stdout: '',
      stderr: 'survey-mcp: --port 8999 and --auth-port 8999 must differ: the MCP host and the sign-in host each listen on a port of their own\n',
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a host that does not resolve, or is not this machine', async () => {
    const dir = freshDir();
    const unresolvable = await serve('--host', '999.1.1.1', '--db', join(dir, 'survey.db'));
    expect(unresolvable.code).toBe(2);
    // ENOTFOUND, or EAI_AGAIN where the resolver cannot be asked.
    expect(unresolvable.stderr).toMatch(/^survey-mcp: --host '999\.1\.1\.1' cannot be resolved \((ENOTFOUND|EAI_AGAIN)\): /);
    expect(unresolvable.stderr).toContain(`: ${hostFix}\n`);
    // TEST-NET-1 (RFC 5737): never an address of this machine.
    expect(await serve('--host', '192.0.2.1', '--db', join(dir, 'survey.db'))).toEqual({
      code: 2,
      stdout: '',
      stderr: `survey-mcp: --host '192.0.2.1' is not an address of this machine (EADDRNOTAVAIL): ${hostFix}\n`,
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a store or rate store of a kind it does not know', async () => {
    const dir = freshDir();
    expect(await serve('--db', 'mysql://app:s3cret@db.example/survey')).toEqual({
      code: 2,
      stdout: '',
      stderr: "survey-mcp: unsupported --db 'mysql://app:***@db.example/survey': use a file path, sqlite:PATH or postgres://user@host/db\n",
    });
    expect(await serve('--db', join(dir, 'survey.db'), '--rate-store', 'http://cache.example')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'survey-mcp: unsupported rate store "http://cache.example": expected redis://, rediss://, sqlite:PATH, a file path or :memory:\n',
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('and an admin command says the same of a store it does not know', async () => {
    expect(await cli('users', 'list', '--db', 'mysql://db.example/survey')).toEqual({
      code: 2,
      stdout: '',
      stderr: "survey-mcp: unsupported --db 'mysql://db.example/survey': use a file path, sqlite:PATH or postgres://user@host/db\n",
    });
  });
});

describe('serve that cannot reach Redis', () => {
  it('exits 1 with one line and leaves no SQLite file behind', async () => {
    const dir = freshDir();
    expect(await serve('--db', join(dir, 'survey.db'), '--rate-store', 'redis://127.0.0.1:1')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'survey-mcp: rate store unavailable: redis://127.0.0.1:1 (ECONNREFUSED)\n',
    });
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('serve on a port another process holds', () => {
  it.each(['--port', '--auth-port'])('%s busy: exits 1 with one line naming the port, and leaves no seeded SQLite file behind', async (flag) => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const busy = (holder.address() as AddressInfo).port;
    const dir = freshDir();
    try {
      const ports = flag === '--port' ? ['--port', String(busy), '--auth-port', '0'] : ['--port', '0', '--auth-port', String(busy)];
      expect(await cli('serve', ...ports, '--db', join(dir, 'survey.db'))).toEqual({
        code: 1,
        stdout: '',
        stderr: `survey-mcp: port ${busy} on 127.0.0.1 is in use: pick another with --port/--auth-port (0 picks a free one)\n`,
      });
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
