import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../helpers/server.js';

export interface MatrixServers {
  /** The server as `serve` runs it with `--stream-get-status` at `status` (404 is the default). */
  at(status: 404 | 405): TestServer;
  close(): Promise<void>;
}

/**
 * One demo store, and over it the MCP host both ways `serve` can answer `GET /`: the contract's
 * 404 and `--stream-get-status 405`. One seeding serves every client.
 */
export async function startMatrixServers(): Promise<MatrixServers> {
  const dir = await mkdtemp(join(tmpdir(), 'survey-mcp-matrix-'));
  const db = join(dir, 'survey.db');
  const contract = await startTestServer({ db, seedDemo: true });
  // Rate windows of its own: the process that keeps a SQLite file's windows is the only one.
  const strict = await startTestServer({ db, streamGetStatus: 405, rateStore: ':memory:' });
  return {
    at: (status) => (status === 404 ? contract : strict),
    async close() {
      await strict.close();
      await contract.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
