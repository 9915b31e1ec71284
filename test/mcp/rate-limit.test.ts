import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerConfig } from '../../src/config.js';
import { defaultConnectionLimits } from '../../src/limits/connections.js';
import { readJson, startTestServer, type TestServer } from '../helpers/server.js';
import { postMcp, rpc, tokenFor } from '../helpers/mcp.js';

let server: TestServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
});

async function start(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  server = await startTestServer({ seedDemo: true, ...overrides });
  return server;
}

const ping = (s: TestServer, token: string) => postMcp(s, rpc('ping'), { token });

async function expectLimited(response: Response, windowSeconds: number): Promise<number> {
  expect(response.status).toBe(429);
  expect(await readJson(response)).toEqual({ error: 'rate_limit_exceeded' });
  const retryAfter = response.headers.get('retry-after') ?? '';
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(windowSeconds);
  return Number(retryAfter);
}

describe('the per-user limit on POST / (spec section 8)', () => {
  it('refuses the 181st request in 60 seconds with 429, a whole-second Retry-After and no X-RateLimit headers', async () => {
    const s = await start();
    const token = await tokenFor(s, 'alice@example.com');
    for (let i = 0; i < 180; i++) {
      const response = await ping(s, token);
      expect(response.status).toBe(200);
      expect([...response.headers.keys()].filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    }
    const refused = await ping(s, token);
    await expectLimited(refused, 60);
    expect([...refused.headers.keys()].filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
  });

  it('admits exactly 180 of 400 concurrent requests', async () => {
    // All 400 at once: more than one person may run (in flight) or one address may open (sockets).
    const s = await start({ mcpInFlightLimit: 400, connectionLimits: { ...defaultConnectionLimits, maxSocketsPerAddress: 1_000 } });
    const token = await tokenFor(s, 'alice@example.com');
    const statuses = await Promise.all(Array.from({ length: 400 }, () => ping(s, token).then((r) => r.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(180);
    expect(statuses.filter((status) => status === 429)).toHaveLength(220);
  });

  it('counts initialize, tools/list and tools/call as one request each', async () => {
    const s = await start({ mcpRateLimit: { limit: 3, windowMs: 60_000 } });
    const token = await tokenFor(s, 'alice@example.com');
    const init = rpc('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
    expect((await postMcp(s, init, { token })).status).toBe(200);
    expect((await postMcp(s, rpc('tools/list'), { token })).status).toBe(200);
    expect((await postMcp(s, rpc('tools/call', { name: 'get_me', arguments: {} }), { token })).status).toBe(200);
    await expectLimited(await postMcp(s, rpc('tools/list'), { token }), 60);
  });

  it('draws every token and client of one person from the same budget, and other people from their own', async () => {
    const s = await start({ mcpRateLimit: { limit: 4, windowMs: 60_000 } });
    const first = await tokenFor(s, 'alice@example.com');
    const second = await tokenFor(s, 'alice@example.com');
    const bob = await tokenFor(s, 'bob@example.com');
    for (const token of [first, second, first, second]) expect((await ping(s, token)).status).toBe(200);
    await expectLimited(await ping(s, first), 60);
    await expectLimited(await ping(s, second), 60);
    expect((await ping(s, bob)).status).toBe(200);
  });

  it('does not count requests without a token', async () => {
    const s = await start({ mcpRateLimit: { limit: 2, windowMs: 60_000 } });
    for (let i = 0; i < 10; i++) expect((await postMcp(s, rpc('ping'))).status).toBe(401);
    const token = await tokenFor(s, 'alice@example.com');
    expect((await ping(s, token)).status).toBe(200);
    expect((await ping(s, token)).status).toBe(200);
  });

  it('lets a request through once Retry-After has passed, and hammering during the block does not move it', async () => {
    const s = await start({ mcpRateLimit: { limit: 3, windowMs: 2_000 } });
    const token = await tokenFor(s, 'alice@example.com');
    // The rate log reads Date.now(): only Date is faked, so the window moves when the test says.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (let i = 0; i < 3; i++) expect((await ping(s, token)).status).toBe(200);
    const refusedAt = Date.now();
    const first = await expectLimited(await ping(s, token), 2);
    const hammered: number[] = [];
    for (let i = 0; i < 30; i++) {
      vi.advanceTimersByTime(50);
      hammered.push(await expectLimited(await ping(s, token), 2));
    }
    expect(Math.max(...hammered)).toBeLessThanOrEqual(first);
    vi.setSystemTime(refusedAt + first * 1000 - 1);
    await expectLimited(await ping(s, token), 2);
    vi.setSystemTime(refusedAt + first * 1000);
    expect((await ping(s, token)).status).toBe(200);
  });
});
