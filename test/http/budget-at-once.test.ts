/**
 * Spec 8 rule 3: "the whole budget may be spent at once". One person's requests sent at the same
 * moment, each on a connection of its own, with the default limits (180 per 60 s, 4 in flight,
 * 256 sockets per address): the whole budget is served in turn, everything past it gets the
 * contract's 429 with Retry-After, and no connection is closed without an answer. Every request
 * is on the server before any can finish: each body's last byte is held until all have arrived.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultMcpInFlightLimit, InFlightLimit, inFlightRule } from '../../src/limits/in-flight.js';
import { rpc, tokenFor } from '../helpers/mcp.js';
import { createTestUser, startTestServer, type TestServer } from '../helpers/server.js';

const defaultRate = { limit: 180, windowMs: 60_000 };
const inFlight = new InFlightLimit(inFlightRule(defaultMcpInFlightLimit, defaultRate));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { mcpInFlight: inFlight });
});
afterAll(() => server.close());

/** A `get_me` on a socket of its own, sent but for its last byte. */
async function heldGetMe(token: string) {
  const body = JSON.stringify(rpc('tools/call', { name: 'get_me', arguments: {} }));
  const head = ['POST / HTTP/1.1', 'Host: 127.0.0.1', 'Connection: close', 'Content-Type: application/json', 'Accept: application/json', `Content-Length: ${body.length}`, `Authorization: Bearer ${token}`, '', ''].join('\r\n');
  const { hostname, port } = new URL(server.baseUrl);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(head + body.slice(0, -1));
  return { received: () => received, finish: () => socket.end(body.slice(-1)), closed };
}

const statusOf = (received: string) => /^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1] ?? 'reset';

describe("one person's whole budget sent at once on separate connections", () => {
  it.each([120, 180, 400])('%i requests: exactly min(n, 180) are served, the rest get 429 rate_limit_exceeded with Retry-After, none is reset', async (n) => {
    const email = `burst-${n}@example.com`;
    const person = await createTestUser(server, email, `Burst ${n}`);
    const token = await tokenFor(server, email);
    const clients = await Promise.all(Array.from({ length: n }, () => heldGetMe(token)));
    // Every request is running, queued or already answered (a refusal needs no body).
    const answered = () => clients.filter((client) => client.received() !== '').length;
    await vi.waitFor(() => expect(inFlight.running(person.id) + inFlight.waiting(person.id) + answered()).toBe(n), { timeout: 20_000 });
    for (const client of clients) client.finish();
    await Promise.all(clients.map((client) => client.closed));

    const statuses = clients.map((client) => statusOf(client.received()));
    const count = (status: string) => statuses.filter((one) => one === status).length;
    expect({ admitted: count('200'), refused: count('429'), reset: count('reset') }).toEqual({ admitted: Math.min(n, 180), refused: n - Math.min(n, 180), reset: 0 });
    for (const client of clients.filter((one) => statusOf(one.received()) === '429')) {
      const [head, body] = client.received().split('\r\n\r\n') as [string, string];
      expect(JSON.parse(body)).toEqual({ error: 'rate_limit_exceeded' });
      const retryAfter = Number(/\r\nretry-after: (\d+)/i.exec(head)?.[1]);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });
});
