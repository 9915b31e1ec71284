/**
 * On a SQLite store with no --rate-store, the rate windows live in a file of their own beside the
 * store's (`<store file>-rates`): the log commits every 100 ms, and each commit in the store's
 * file would move the change stamp its shared reads are kept under.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server.js';
import { testServerConfig } from '../helpers/server.js';

describe('the rate log of a SQLite store', () => {
  let dir: string;
  let storeFile: string;
  const running: RunningServer[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'survey-mcp-rate-file-'));
    storeFile = join(dir, 'survey.db');
  });
  afterEach(async () => {
    for (const server of running.splice(0)) await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function start(): Promise<RunningServer> {
    const server = await startServer(testServerConfig(storeFile, { registerRateLimit: { limit: 1, windowMs: 600_000 } }));
    running.push(server);
    return server;
  }

  async function register(server: RunningServer): Promise<number> {
    const response = await fetch(`${server.baseUrl}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Test Assistant', redirect_uris: ['http://127.0.0.1:9999/callback'] }),
    });
    return response.status;
  }

  const tablesOf = (path: string): unknown[] => {
    const db = new Database(path, { readonly: true });
    try {
      return db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'rate_%'").pluck().all();
    } finally {
      db.close();
    }
  };

  it('keeps its windows in <store file>-rates, through a restart, and none in the store file', async () => {
    const first = await start();
    expect(await register(first)).toBe(201);
    await first.close();
    running.splice(0);

    expect(existsSync(`${storeFile}-rates`)).toBe(true);
    expect(tablesOf(storeFile)).toEqual([]);
    const again = await start();
    expect(await register(again)).toBe(429);
  });

  it("leaves the store file's change stamp alone when it writes", async () => {
    await start();
    const store = new Database(storeFile, { readonly: true });
    const rates = new Database(`${storeFile}-rates`, { readonly: true });
    try {
      const stamp = store.pragma('data_version', { simple: true });
      const heartbeat = rates.prepare('SELECT heartbeat_ms FROM rate_log_owner').pluck();
      const before = heartbeat.get();
      // With nothing admitted, the log still writes its heartbeat every second.
      await expect.poll(() => heartbeat.get(), { timeout: 10_000, interval: 50 }).not.toBe(before);
      expect(store.pragma('data_version', { simple: true })).toBe(stamp);
    } finally {
      store.close();
      rates.close();
    }
  });
});
