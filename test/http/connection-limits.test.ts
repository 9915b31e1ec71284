/**
 * What one client may hold, over real sockets: a slow body is cut off at the request deadline, an
 * address past its socket cap gets 429 on both hosts (never a reset), and one person past the in-flight limit
 * and its queue gets 429 while another person is served.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InFlightLimit } from '../../src/limits/in-flight.js';
import { postMcp, rpc, tokenFor } from '../helpers/mcp.js';
import { createTestUser, startTestServer, type TestServer } from '../helpers/server.js';

const limits = { requestTimeoutMs: 500, headersTimeoutMs: 500, keepAliveTimeoutMs: 5_000, maxSocketsPerAddress: 4 };

let server: TestServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
});

/** A raw TCP client of `url`'s host, with everything it received. */
async function open(url: string): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  sockets.push(socket);
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return { socket, received: () => text, closed };
}

const head = (token: string | undefined, length: number) =>
  [
    'POST / HTTP/1.1',
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    'Accept: application/json',
    `Content-Length: ${length}`,
    ...(token ? [`Authorization: Bearer ${token}`] : []),
    '',
    '',
  ].join('\r\n');

describe('connection limits', () => {
  it.each([
    ['with a token', true],
    ['without a token', false],
  ])('cuts a body sent a byte every 100 ms off at the 500 ms request deadline (%s)', async (_, withToken) => {
    server = await startTestServer({ connectionLimits: limits });
    await createTestUser(server);
    const token = withToken ? await tokenFor(server, 'alice@example.com') : undefined;
    const client = await open(server.baseUrl);
    client.socket.write(head(token, 100_000));
    let sent = 0;
    const drip = setInterval(() => {
      sent++;
      client.socket.write('x');
    }, 100);
    await client.closed;
    clearInterval(drip);
    // 100,000 bytes at this pace would take almost three hours; the socket was closed after a few.
    expect(sent).toBeLessThan(100);
    if (withToken) expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it.each(['MCP', 'auth'] as const)('answers the fifth socket one address opens to the %s host with 429 and Retry-After (no reset), and serves the four', async (host) => {
    server = await startTestServer({ connectionLimits: limits });
    const url = host === 'MCP' ? server.baseUrl : server.authUrl;
    const four = [];
    for (let i = 0; i < 4; i++) four.push(await open(url));
    const fifth = await open(url);
    fifth.socket.write('GET /.well-known/oauth-authorization-server HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await fifth.closed;
    const [head, body] = fifth.received().split('\r\n\r\n') as [string, string];
    expect(head).toMatch(/^HTTP\/1\.1 429 /);
    expect(head).toMatch(/\r\nRetry-After: 1\r\n/i);
    expect(head).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(body)).toEqual({ error: 'rate_limit_exceeded' });
    const first = four[0]!;
    first.socket.write('GET /.well-known/oauth-authorization-server HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await first.closed;
    expect(first.received()).toMatch(/^HTTP\/1\.1 (200|404) /);
  });
});

describe('requests in flight per person', () => {
  it('queues four requests past one running, refuses the next with 429 and Retry-After, serves another person, then answers the queued ones', async () => {
    const inFlight = new InFlightLimit({ limit: 1, queue: 4, waitMs: 10_000 });
    server = await startTestServer({ mcpRateLimit: { limit: 1_000, windowMs: 60_000 } }, { mcpInFlight: inFlight });
    const alice = await createTestUser(server, 'alice@example.com', 'Alice');
    await createTestUser(server, 'bob@example.com', 'Bob');
    const aliceToken = await tokenFor(server, 'alice@example.com');
    const bobToken = await tokenFor(server, 'bob@example.com');

    // Five requests whose bodies stop half way: one runs (reading its body), four wait.
    const body = JSON.stringify(rpc('tools/call', { name: 'get_me', arguments: {} }));
    const half = Math.floor(body.length / 2);
    const held = [];
    for (let i = 0; i < 5; i++) {
      const client = await open(server.baseUrl);
      client.socket.write(head(aliceToken, body.length) + body.slice(0, half));
      held.push(client);
    }
    await vi.waitFor(() => expect([inFlight.running(alice.id), inFlight.waiting(alice.id)]).toEqual([1, 4]), { timeout: 10_000 });

    const refused = await postMcp(server, rpc('tools/call', { name: 'get_me', arguments: {} }), { token: aliceToken });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ error: 'rate_limit_exceeded' });
    const other = await postMcp(server, rpc('tools/call', { name: 'get_me', arguments: {} }), { token: bobToken });
    expect(other.status).toBe(200);

    for (const client of held) client.socket.end(body.slice(half));
    await Promise.all(held.map((client) => client.closed));
    for (const client of held) expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(inFlight.running(alice.id)).toBe(0);
  });
});
