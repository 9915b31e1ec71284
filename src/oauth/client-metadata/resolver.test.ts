import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SlidingLog } from '../../limits/limiter.js';
import { openSlidingLog } from '../../limits/open.js';
import { ManualClock } from '../../platform/clock.js';
import { ClientMetadataError } from './errors.js';
import type { FetchedDocument } from './fetch-document.js';
import { ClientMetadataResolver } from './resolver.js';

const url = 'https://app.example/client.json';
const documentAt = (id: string, name = 'Example App') => ({ client_id: id, client_name: name, redirect_uris: ['https://app.example/cb'] });
const hostDown = () => new ClientMetadataError('unreachable', 'connection refused', true);

let slidingLog: SlidingLog;
let clock: ManualClock;
let answers: Array<(url: URL) => FetchedDocument>;
let fetches: string[];

beforeEach(async () => {
  slidingLog = await openSlidingLog(':memory:');
  clock = new ManualClock(1_000_000);
  fetches = [];
  answers = [];
});
afterEach(() => slidingLog.close());

function resolver(): ClientMetadataResolver {
  return new ClientMetadataResolver({
    policy: { allowPrivateAddresses: false, timeoutMs: 1000, maxBytes: 5120 },
    clock,
    slidingLog,
    // Every name resolves to one address per domain, as wildcard DNS would have it.
    fetchDocument: async (target, policy) => {
      await policy.beforeConnect?.(target.hostname.endsWith('wild.example') ? '192.0.2.80' : `192.0.2.${fetches.length % 200}`);
      fetches.push(target.href);
      const answer = answers.shift() ?? ((u: URL) => ({ document: documentAt(u.href), cacheControl: undefined }));
      return answer(target);
    },
  });
}

const serve = (cacheControl?: string, name?: string) => answers.push((u) => ({ document: documentAt(u.href, name), cacheControl }));
const fail = (error: Error) =>
  answers.push(() => {
    throw error;
  });

describe('resolving a client by its metadata document', () => {
  it('keeps a document as long as Cache-Control says, then fetches it again', async () => {
    const clients = resolver();
    serve('max-age=120');
    expect((await clients.resolve(url)).name).toBe('Example App');
    clock.advance(119_000);
    await clients.resolve(url);
    expect(fetches).toHaveLength(1);
    clock.advance(2000);
    serve(undefined, 'Renamed App');
    expect((await clients.resolve(url)).name).toBe('Renamed App');
    expect(fetches).toHaveLength(2);
  });

  it('lets concurrent requests for one URL share one fetch', async () => {
    const clients = resolver();
    await Promise.all([clients.resolve(url), clients.resolve(url), clients.resolve(url)]);
    expect(fetches).toHaveLength(1);
  });

  it('serves the expired copy while the host is down, but only for ten minutes past expiry', async () => {
    const clients = resolver();
    serve('max-age=60');
    await clients.resolve(url);
    clock.advance(61_000);
    fail(hostDown());
    expect((await clients.resolve(url)).name).toBe('Example App');
    clock.advance(10 * 60_000);
    fail(hostDown());
    await expect(clients.resolve(url)).rejects.toThrow('connection refused');
  });

  it('never stands in a copy for a document that is gone or now invalid', async () => {
    const clients = resolver();
    serve('max-age=60');
    await clients.resolve(url);
    clock.advance(61_000);
    fail(new ClientMetadataError('http_status', 'answered HTTP 404'));
    await expect(clients.resolve(url)).rejects.toThrow('HTTP 404');
    answers.push(() => ({ document: { ...documentAt(url), client_id: 'https://other.example/c.json' }, cacheControl: undefined }));
    await expect(clients.resolve(url)).rejects.toThrow('must equal the document');
    fail(hostDown());
    await expect(clients.resolve(url)).rejects.toThrow('connection refused');
  });

  it('fetches from one host at most 20 times a minute, whatever the URLs, and other hosts still work', async () => {
    const clients = resolver();
    for (let i = 0; i < 20; i++) await clients.resolve(`https://app.example/client.json?n=${i}`);
    await expect(clients.resolve('https://app.example/client.json?n=20')).rejects.toThrow(
      /^client metadata documents were fetched from app\.example too often; try again in \d+ seconds$/,
    );
    expect(fetches).toHaveLength(20);
    await expect(clients.resolve('https://other.example/client.json')).resolves.toMatchObject({ name: 'Example App' });
  });

  it('fetches from one address at most 20 times a minute, however many names point at it', async () => {
    const clients = resolver();
    for (let i = 0; i < 20; i++) await clients.resolve(`https://n${i}.wild.example/client.json`);
    await expect(clients.resolve('https://n20.wild.example/client.json')).rejects.toThrow(
      /^client metadata documents were fetched from n20\.wild\.example \(192\.0\.2\.80\) too often; try again in \d+ seconds$/,
    );
    expect(fetches).toHaveLength(20);
  });

  it('refuses a client_id that is no usable URL without fetching anything', async () => {
    await expect(resolver().resolve('https://app.example/')).rejects.toThrow('must have a path');
    expect(fetches).toHaveLength(0);
  });
});
