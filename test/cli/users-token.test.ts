import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';

const freshDb = () => join(mkdtempSync(join(tmpdir(), 'cli-users-')), 'survey.db');

describe('admin commands given a --db file that does not exist', () => {
  const missing = (db: string) => `survey-mcp: no store at '${db}' (--db): give the file serve uses (default ./survey-mcp.db, or $SURVEY_MCP_DB), or add --create to make a new, empty store\n`;

  it.each([
    ['users', 'list'],
    ['users', 'add', '--email', 'pat@example.com', '--name', 'Pat'],
    ['users', 'disable', 'pat@example.com'],
    ['share', '--survey', 'srv_demo_nps', '--user', 'bob@example.com', '--role', 'viewer'],
    ['seed'],
    ['token', 'list', '--user', 'pat@example.com'],
  ])('%s %s refuses it with one line and exit 2, and creates nothing', async (...args) => {
    const db = freshDb();
    expect(await cli(...args, '--db', db)).toEqual({ code: 2, stdout: '', stderr: missing(db) });
    expect(existsSync(db)).toBe(false);
  });

  it('makes a new, empty store with --create', async () => {
    const db = freshDb();
    expect(await cli('users', 'list', '--create', '--db', db)).toMatchObject({ code: 0 });
    expect(existsSync(db)).toBe(true);
    expect(await cli('users', 'list', '--json', '--db', db)).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
  });
});

describe('users commands', () => {
  it('adds a person with a generated password, lists them, and disables and enables them', async () => {
    const db = freshDb();
    const added = await cli('users', 'add', '--email', 'Pat@Example.com', '--name', 'Pat', '--create', '--db', db);
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^created usr_\w+ Pat@Example\.com\npassword: \S{16}\n$/);
    const listed = await cli('users', 'list', '--json', '--db', db);
    expect(JSON.parse(listed.stdout)).toMatchObject([{ email: 'Pat@Example.com', name: 'Pat', disabled: false }]);
    expect((await cli('users', 'disable', 'pat@example.com', '--db', db)).stdout).toContain('disabled Pat@Example.com');
    expect(JSON.parse((await cli('users', 'list', '--json', '--db', db)).stdout)[0].disabled).toBe(true);
    expect((await cli('users', 'enable', 'pat@example.com', '--db', db)).code).toBe(0);
  });

  it('refuses a bad email, a taken email and an unknown person with a clear message and exit 1', async () => {
    const db = freshDb();
    expect(await cli('users', 'add', '--email', 'not-an-email', '--name', 'X', '--create', '--db', db)).toMatchObject({
      code: 1,
      stderr: "survey-mcp: validation failed: 'email' must be a valid email address, got 'not-an-email'\n",
    });
    await cli('users', 'add', '--email', 'a@example.com', '--name', 'A', '--password', 'long enough', '--db', db);
    expect((await cli('users', 'add', '--email', 'A@example.com', '--name', 'B', '--db', db)).stderr).toContain(
      "a user with email 'A@example.com' already exists",
    );
    expect(await cli('users', 'disable', 'nobody@example.com', '--db', db)).toMatchObject({
      code: 1,
      stderr: "survey-mcp: no user with email 'nobody@example.com' (list them with: survey-mcp users list)\n",
    });
  });
});

describe('token issue', () => {
  it('prints only the token on stdout, and refuses a bad ttl as a usage error', async () => {
    const db = freshDb();
    await cli('users', 'add', '--email', 'q@example.com', '--name', 'Q', '--password', 'long enough', '--create', '--db', db);
    const issued = await cli('token', 'issue', '--user', 'q@example.com', '--scope', 'reporting', '--db', db);
    expect(issued.code).toBe(0);
    expect(issued.stdout).toMatch(/^[A-Za-z0-9_-]{43}\n$/);
    expect((await cli('token', 'issue', '--user', 'q@example.com', '--scope', 'reporting', '--ttl', 'soon', '--db', db)).code).toBe(2);
  });
});

describe('serve flags', () => {
  it.each([
    [['--port', 'http'], "--port 'http' is not a port number"],
    [['--mcp-rate-limit', '180'], "--mcp-rate-limit '180' is not N/S"],
    [['--allowed-origin', '*'], "--allowed-origin '*' is not an origin"],
    [['--base-url', 'surveys.example.com'], "--base-url 'surveys.example.com' is not an absolute URL"],
    [['--access-token-ttl', '7200'], "--access-token-ttl '7200' must be whole seconds from 1 to 3,600"],
    [['--refresh-grace', '1.5'], "--refresh-grace '1.5' must be whole seconds from 0 to 3,600"],
    [['--stream-get-status', '200'], "--stream-get-status '200' must be 404 (the contract's answer, the default) or 405"],
    [['--mcp-in-flight', '0'], "--mcp-in-flight '0' must be a whole number from 1 to 1,000"],
    [['--request-timeout', '1.5'], "--request-timeout '1.5' must be whole seconds from 1 to 600"],
    [['--max-sockets-per-address', 'many'], "--max-sockets-per-address 'many' must be a whole number from 1 to 100,000"],
  ])('refuses %j before starting anything, with exit 2 and the reason', async (flags, reason) => {
    const result = await cli('serve', ...flags, '--db', freshDb());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(reason);
    expect(result.stderr.split('\n')).toHaveLength(2);
  });

  it.each([
    [['serf'], "survey-mcp: unknown command 'serf' (Did you mean one of seed, serve, users?) (run with --help for usage)"],
    [['serve', '--prot', '80'], "survey-mcp: unknown option '--prot' (Did you mean --port?) (run with --help for usage)"],
    [['users', 'add', '--email', 'pat@example.com'], "survey-mcp: required option '--name <name>' not specified (run with --help for usage)"],
    [['token', 'issue', '--user'], "survey-mcp: option '--user <email>' argument missing (run with --help for usage)"],
    [
      ['serve', '--port', 'http'],
      "survey-mcp: option '--port <port>' argument 'http' is invalid. --port 'http' is not a port number (0 to 65535; 0 picks a free port) (run with --help for usage)",
    ],
  ])('refuses %j with exit 2 and one line that points to --help', async (args, line) => {
    expect(await cli(...args)).toEqual({ code: 2, stdout: '', stderr: `${line}\n` });
  });

  it('refuses a PostgreSQL --db with ?pool_size=0 as a configuration error: exit 2, one line', async () => {
    expect(await cli('users', 'list', '--db', 'postgres://postgres@127.0.0.1:5432/test?pool_size=0')).toEqual({
      code: 2,
      stdout: '',
      stderr: "survey-mcp: --db pool_size '0' is not a number of connections from 1 to 999\n",
    });
  });
});
