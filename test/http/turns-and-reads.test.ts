/**
 * The in-flight turn and the order of the request path, over real HTTP against the endpoint with
 * a counting store: a request keeps its turn until its handler ends, even when its client has
 * gone; a queued request whose client hangs up leaves the queue; and on a store that reads a
 * survey with the token (PostgreSQL), a request the rate limit or the in-flight cap refuses or
 * holds reads no survey, while an admitted `get_survey` still takes one round trip.
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

const person = 'usr_turns';
const record: AccessTokenRecord = { grantId: 'grt_1', userId: person, clientId: 'cli_1', scope: 'mcp_customer', expiresAt: Number.MAX_SAFE_INTEGER, revoked: false, userDisabled: false };

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

interface Setup {
  readonly inFlight: InFlightLimit;
  /** Whether the rate limit admits the next request. */
  admits: boolean;
  /** While set, the handler waits for it. */
  hold?: Promise<void>;
}

async function endpoint(setup: Setup) {
  const reads = { token: 0, tokenWithSurvey: 0 };
  const handled: AbortSignal[] = [];
  let finished = 0;
  const store = {
    findAccessToken: async () => (reads.token++, record),
    findAccessTokenWithSurvey: async () => (reads.tokenWithSurvey++, { token: record, survey: undefined }),
  } as unknown as Store;
  const dispatcher = {
    handle: async (messages: Array<{ id: number }>, _extra: unknown, work: { gone: AbortSignal }) => {
      handled.push(work.gone);
      await setup.hold;
      finished++;
      return messages.map(({ id }) => ({ jsonrpc: '2.0', id, result: {} }));
    },
  } as unknown as McpDispatcher;
  const serve = mcpEndpoint({
    dispatcher,
    store,
    slidingLog: { consume: async () => (setup.admits ? { allowed: true } : { allowed: false, retryAfterSeconds: 7 }), close: async () => {} },
    clock: new ManualClock(0),
    baseUrl: 'http://127.0.0.1',
    authUrl: 'http://127.0.0.1',
    rateRule: { limit: 1_000, windowMs: 60_000 },
    allowedOrigins: [],
    inFlight: setup.inFlight,
  });
  server = createServer((req, res) => serve(req, res, () => res.end()));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const send = (body: unknown) =>
    fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: { authorization: 'Bearer token-of-the-person', 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  /** A request whose client hangs up once `until` holds. */
  const sendAndHangUp = async (body: unknown, until: () => void) => {
    const text = JSON.stringify(body);
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(`POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer token-of-the-person\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: ${text.length}\r\n\r\n${text}`);
    await vi.waitFor(until);
    await new Promise<void>((resolve) => socket.destroy().once('close', () => resolve()));
  };
  return { send, sendAndHangUp, reads, handled, finished: () => finished };
}

const getSurvey = () => rpc('tools/call', { name: 'get_survey', arguments: { survey_id: 'srv_big' } });

describe('a turn is held until its work ends', () => {
  it('keeps the turn of a request whose client hung up until its handler finishes, and tells the handler the client is gone', async () => {
    let finish = () => {};
    const setup: Setup = { inFlight: new InFlightLimit({ limit: 1, queue: 4, waitMs: 10_000 }), admits: true, hold: new Promise((resolve) => (finish = resolve)) };
    const { sendAndHangUp, handled, finished } = await endpoint(setup);
    await sendAndHangUp(rpc('ping'), () => expect(handled).toHaveLength(1));
    await vi.waitFor(() => expect(handled[0]!.aborted).toBe(true));
    expect(setup.inFlight.running(person)).toBe(1);
    finish();
    await vi.waitFor(() => expect(finished()).toBe(1));
    await vi.waitFor(() => expect(setup.inFlight.running(person)).toBe(0));
  });

  it('takes a queued request whose client hung up out of the queue at once', async () => {
    let finish = () => {};
    const setup: Setup = { inFlight: new InFlightLimit({ limit: 1, queue: 1, waitMs: 10_000 }), admits: true, hold: new Promise((resolve) => (finish = resolve)) };
    const { send, sendAndHangUp, handled } = await endpoint(setup);
    const running = send(rpc('ping'));
    await vi.waitFor(() => expect(handled).toHaveLength(1));
    await sendAndHangUp(rpc('ping'), () => expect(setup.inFlight.waiting(person)).toBe(1));
    await vi.waitFor(() => expect(setup.inFlight.waiting(person)).toBe(0));
    // The queue's one place is free again: the next request waits instead of getting 429.
    const next = send(rpc('ping'));
    await vi.waitFor(() => expect(setup.inFlight.waiting(person)).toBe(1));
    finish();
    expect([(await running).status, (await next).status]).toEqual([200, 200]);
    expect(handled).toHaveLength(2);
  });
});

describe('nothing is read for a refused request (a store that reads the survey with the token)', () => {
  it('reads the token alone for a refused get_survey, and the token with the survey in one read for an admitted one', async () => {
    const setup: Setup = { inFlight: new InFlightLimit({ limit: 4, queue: 4, waitMs: 10_000 }), admits: true };
    const { send, reads } = await endpoint(setup);
    expect((await send(getSurvey())).status).toBe(200);
    const before = { ...reads };
    expect((await send(getSurvey())).status).toBe(200);
    expect(reads).toEqual({ token: before.token, tokenWithSurvey: before.tokenWithSurvey + 1 });

    setup.admits = false;
    const counted = { ...reads };
    for (let i = 0; i < 5; i++) {
      const refused = await send(getSurvey());
      expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '7']);
    }
    expect(reads.tokenWithSurvey).toBe(counted.tokenWithSurvey);
    expect(reads.token).toBe(counted.token + 5);
  });

  it('reads no survey for a get_survey that waits for its turn until the turn comes', async () => {
    let finish = () => {};
    const setup: Setup = { inFlight: new InFlightLimit({ limit: 1, queue: 4, waitMs: 10_000 }), admits: true };
    const { send, reads, handled } = await endpoint(setup);
    expect((await send(getSurvey())).status).toBe(200);
    setup.hold = new Promise((resolve) => (finish = resolve));
    const running = send(rpc('ping'));
    await vi.waitFor(() => expect(handled).toHaveLength(2));
    const counted = reads.tokenWithSurvey;
    const queued = send(getSurvey());
    await vi.waitFor(() => expect(setup.inFlight.waiting(person)).toBe(1));
    expect(reads.tokenWithSurvey).toBe(counted);
    finish();
    expect([(await running).status, (await queued).status]).toEqual([200, 200]);
    expect(reads.tokenWithSurvey).toBe(counted + 1);
  });
});
