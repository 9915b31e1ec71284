/**
 * A client that hangs up while its request is still in the gate (the bearer check or the rate
 * check waiting on PostgreSQL or Redis) must not keep the person's turn: before, the request took
 * a turn after the gate, then waited for a body whose end never came, and after four such hang-ups
 * every request of that person waited 10 s for a 429 (the bench's PostgreSQL row fell to ~60 req/s
 * at 32 connections, its warm-up's closed sockets having taken the turns).
 */
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mcpEndpoint } from '../../src/http/mcp/endpoint.js';
import { InFlightLimit } from '../../src/limits/in-flight.js';
import type { McpDispatcher } from '../../src/mcp/server.js';
import { ManualClock } from '../../src/platform/clock.js';
import type { AccessTokenRecord } from '../../src/store/auth-store.js';
import type { Store } from '../../src/store/store.js';
import { rpc } from '../helpers/mcp.js';

const person = 'usr_gone';
const record: AccessTokenRecord = {
  grantId: 'grt_1',
  userId: person,
  clientId: 'cli_1',
  scope: 'mcp_customer',
  expiresAt: Number.MAX_SAFE_INTEGER,
  revoked: false,
  userDisabled: false,
};

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** `/` over a store whose token lookups wait until `openGate` is called. */
async function endpointWithHeldGate(inFlight: InFlightLimit) {
  let openGate = () => {};
  const gateOpen = new Promise<void>((resolve) => (openGate = resolve));
  let lookups = 0;
  const store = {
    findAccessToken: async () => {
      lookups++;
      await gateOpen;
      return record;
    },
  } as unknown as Store;
  const dispatcher = {
    handle: async (messages: Array<{ id: number }>) => messages.map(({ id }) => ({ jsonrpc: '2.0', id, result: {} })),
  } as unknown as McpDispatcher;
  const endpoint = mcpEndpoint({
    dispatcher,
    store,
    slidingLog: { consume: async () => ({ allowed: true }), close: async () => {} },
    clock: new ManualClock(0),
    baseUrl: 'http://127.0.0.1',
    authUrl: 'http://127.0.0.1',
    rateRule: { limit: 1_000, windowMs: 60_000 },
    allowedOrigins: [],
    inFlight,
  });
  server = createServer((req, res) => endpoint(req, res, () => res.end()));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { port, openGate, lookups: () => lookups };
}

const post = (body: string) =>
  `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer token-of-the-person\r\nContent-Type: application/json\r\n` +
  `Accept: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

describe('a client gone while its request is in the gate', () => {
  it('gives the person no turn to keep: their next request is answered at once', async () => {
    const inFlight = new InFlightLimit({ limit: 1, queue: 4, waitMs: 10_000 });
    const { port, openGate, lookups } = await endpointWithHeldGate(inFlight);
    const gone = connect(port, '127.0.0.1');
    gone.on('error', () => undefined);
    gone.write(post(JSON.stringify(rpc('ping'))));
    await vi.waitFor(() => expect(lookups()).toBe(1));
    await new Promise<void>((resolve) => gone.destroy().once('close', () => resolve()));
    openGate();
    await vi.waitFor(() => expect(inFlight.running(person)).toBe(0));

    const next = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: { authorization: 'Bearer token-of-the-person', 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(rpc('ping')),
      signal: AbortSignal.timeout(2_000),
    });
    expect(next.status).toBe(200);
    expect(inFlight.running(person)).toBe(0);
  });
});
