/**
 * Work for a client that has gone stops at its next store call, over real HTTP against a server
 * on SQLite: a read whose client hangs up while its first store call runs makes no further one
 * and builds no answer, while its turn comes back for the person's next request; a change runs to
 * its end, so that nothing is left half stored.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callTool, rpc, tokenFor } from '../helpers/mcp.js';
import { createTestUser, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ mcpInFlightLimit: 1 });
  const alice = await createTestUser(server);
  await server.store.insertWorkspace({ id: 'wsp_gone', name: 'Gone', createdAt: server.clock.now() });
  await server.store.setWorkspaceMember('wsp_gone', alice.id, 'admin');
  token = await tokenFor(server, 'alice@example.com');
});
afterAll(() => server.close());

/** Sends a tool call on a socket of its own, and hangs up once `reached` has resolved. */
async function callAndHangUp(name: string, args: Record<string, unknown>, reached: Promise<void>): Promise<void> {
  const body = JSON.stringify(rpc('tools/call', { name, arguments: args }));
  const { port } = new URL(server.baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
  );
  await reached;
  await new Promise<void>((resolve) => socket.destroy().once('close', () => resolve()));
}

/** Makes the next call's first store call (reading its person) wait until its client has hung up. */
async function goneDuringFirstStoreCall(name: string, args: Record<string, unknown>): Promise<void> {
  const { store } = server;
  const findUserById = store.findUserById.bind(store);
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  vi.spyOn(store, 'findUserById').mockImplementationOnce(async (id) => {
    reach();
    await released;
    return findUserById(id);
  });
  await callAndHangUp(name, args, reached);
  // The server sees the socket close before the store call returns.
  await new Promise((resolve) => setTimeout(resolve, 50));
  release();
}

describe('a client gone during its request', () => {
  it('stops a read at its next store call: no further read, no answer, and the turn comes back', async () => {
    const memberships = vi.spyOn(server.store, 'listMemberships');
    await goneDuringFirstStoreCall('get_me', {});
    // With one turn a person, this answer comes only once the gone request has finished.
    const next = await callTool(server, token, 'get_me');
    expect(next.isError).toBe(false);
    expect(next.payload['user']).toMatchObject({ email: 'alice@example.com' });
    // Only the answered request read the memberships.
    expect(memberships).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('runs a change to its end: the survey is stored, and its trail with it', async () => {
    await goneDuringFirstStoreCall('create_survey', { workspace_id: 'wsp_gone', title: 'Made for no one' });
    const listed = await callTool(server, token, 'list_surveys', { query: 'Made for no one' });
    expect(listed.payload['surveys'].map((survey: { title: string }) => survey.title)).toEqual(['Made for no one']);
    const trail = await server.store.listAuditEvents({ workspaceId: 'wsp_gone', limit: 10 });
    expect(trail.map((event) => event.action)).toEqual(['survey.create']);
    vi.restoreAllMocks();
  });
});
