import { tokenFor } from './mcp.js';
import { dropSchemas, postgresUrl, uniqueSchema } from './postgres.js';
import { createTestUser, startTestServer, type TestServer } from './server.js';

export type Backend = 'sqlite' | 'postgres';
export const backends: readonly Backend[] = ['sqlite', 'postgres'];

export interface Team {
  readonly server: TestServer;
  /** Admin of workspace `wsp_test`: owner of every survey in it. */
  readonly alice: string;
  /** Another person with no access to alice's surveys. */
  readonly bob: string;
  close(): Promise<void>;
}

/**
 * A test server on either store (PostgreSQL in a schema of its own, dropped on close) with two
 * people, and an MCP budget large enough for tests that send many requests at once.
 */
export async function startTeamServer(backend: Backend): Promise<Team> {
  const schema = backend === 'postgres' ? uniqueSchema('team') : undefined;
  const server = await startTestServer({
    mcpRateLimit: { limit: 1_000_000, windowMs: 60_000 },
    ...(schema && { db: postgresUrl(schema), rateStore: ':memory:' }),
  });
  const alice = await aliceAdministering(server);
  await createTestUser(server, 'bob@example.com', 'Bob');
  return {
    server,
    alice,
    bob: await tokenFor(server, 'bob@example.com'),
    async close() {
      await server.close();
      if (schema) await dropSchemas([schema]);
    },
  };
}

/** Makes alice@example.com, admin of workspace `wsp_test` (so owner of every survey in it); her token. */
export async function aliceAdministering(server: TestServer): Promise<string> {
  const alice = await createTestUser(server, 'alice@example.com', 'Alice');
  await server.store.insertWorkspace({ id: 'wsp_test', name: 'Test', createdAt: server.clock.now() });
  await server.store.setWorkspaceMember('wsp_test', alice.id, 'admin');
  return tokenFor(server, 'alice@example.com');
}
