import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SlidingLog } from '../../limits/limiter.js';
import { openSlidingLog } from '../../limits/open.js';
import { ManualClock } from '../../platform/clock.js';
import { explain } from '../explanation.js';
import { ClientMetadataError } from './errors.js';
import type { FetchedDocument } from './fetch-document.js';
import type { ClientMetadataCopy, ClientMetadataCopyStore } from '../../store/client-metadata-copies.js';
import { ClientMetadataResolver } from './resolver.js';

const url = 'https://app.example/client.json';
const documentAt = (id: string, name = 'Example App') => ({ client_id: id, client_name: name, redirect_uris: ['https://app.example/cb'] });
const hostDown = () => new ClientMetadataError('unreachable', explain`connection refused`);
const answered = (status: number) => new ClientMetadataError('http_status', explain`answered HTTP ${status}`);

let slidingLog: SlidingLog;
let clock: ManualClock;
let answers: Array<(url: URL) => FetchedDocument>;
let fetches: string[];
let logged: string[];

beforeEach(async () => {
  slidingLog = await openSlidingLog(':memory:');
  clock = new ManualClock(1_000_000);
  fetches = [];
  logged = [];
  answers = [];
});
afterEach(() => slidingLog.close());

function resolver(): ClientMetadataResolver {
  return new ClientMetadataResolver({
    policy: { allowPrivateAddresses: false, timeoutMs: 1000, maxBytes: 5120 },
    clock,
    slidingLog,
    log: (line) => logged.push(line),
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

  it.each([
    ['down', hostDown],
    ['answering 403', () => answered(403)],
    ['answering 429', () => answered(429)],
    ['answering 503', () => answered(503)],
  ])('serves the expired copy while the host is %s, for twelve hours past expiry, and logs it', async (_case, failure) => {
    const clients = resolver();
    serve('max-age=60');
    await clients.resolve(url);
    clock.advance(61_000);
    fail(failure());
    expect((await clients.resolve(url)).name).toBe('Example App');
    expect(logged.at(-1)).toMatch(/^client metadata document https:\/\/app\.example\/client\.json: using the copy fetched at .* until .*Z \(\w+\)$/);
    await clients.resolve(url);
    expect(logged.filter((line) => line.includes('using the copy'))).toHaveLength(1);
    clock.advance(12 * 60 * 60_000 - 2000);
    fail(failure());
    expect((await clients.resolve(url)).name).toBe('Example App');
    clock.advance(2000);
    fail(failure());
    await expect(clients.resolve(url)).rejects.toThrow(failure().message);
  });

  it.each([404, 410])('drops the copy of a document whose host answers %i (its owner deleted it)', async (status) => {
    const clients = resolver();
    serve('max-age=60');
    await clients.resolve(url);
    clock.advance(61_000);
    fail(new ClientMetadataError('document_gone', explain`answered HTTP ${status}`));
    await expect(clients.resolve(url)).rejects.toThrow(`answered HTTP ${status}`);
    clock.advance(61_000);
    fail(hostDown());
    await expect(clients.resolve(url)).rejects.toThrow('connection refused');
  });

  it('never stands in a copy for a document that is now invalid, and forgets the copy', async () => {
    const clients = resolver();
    serve('max-age=60');
    await clients.resolve(url);
    clock.advance(61_000);
    answers.push(() => ({ document: { ...documentAt(url), client_id: 'https://other.example/c.json' }, cacheControl: undefined }));
    await expect(clients.resolve(url)).rejects.toThrow('must equal the document');
    clock.advance(61_000);
    fail(hostDown());
    await expect(clients.resolve(url)).rejects.toThrow('connection refused');
  });

  it('remembers a failed URL for a minute: asking again answers the same without fetching', async () => {
    const clients = resolver();
    fail(answered(404));
    await expect(clients.resolve(url)).rejects.toThrow('answered HTTP 404');
    await expect(clients.resolve(url, '198.51.100.7')).rejects.toThrow('answered HTTP 404');
    expect(fetches).toHaveLength(1);
    clock.advance(60_000);
    await expect(clients.resolve(url)).resolves.toMatchObject({ name: 'Example App' });
    expect(fetches).toHaveLength(2);
  });

  it("charges first fetches to the caller: one caller's 20 junk URLs leave the real document to others", async () => {
    const clients = resolver();
    for (let i = 0; i < 20; i++) {
      fail(answered(404));
      await expect(clients.resolve(`https://app.example/junk-${i}`, '203.0.113.9')).rejects.toThrow(
        i < 10 ? 'answered HTTP 404' : /^client metadata documents were fetched from 'app\.example' too often; try again in \d+ seconds$/,
      );
    }
    answers.length = 0;
    expect(fetches).toHaveLength(10);
    await expect(clients.resolve(url, '198.51.100.7')).resolves.toMatchObject({ name: 'Example App' });
  });

  it('never remembers a spent budget as the answer for the URL', async () => {
    const clients = resolver();
    for (let i = 0; i < 10; i++) await clients.resolve(`https://app.example/c-${i}.json`, '203.0.113.9');
    await expect(clients.resolve(url, '203.0.113.9')).rejects.toThrow('too often');
    await expect(clients.resolve(url, '198.51.100.7')).resolves.toMatchObject({ name: 'Example App' });
  });

  it('keeps a third of a host\'s first fetches for callers who have fetched nothing there: six strangers cannot lock out the seventh', async () => {
    const clients = resolver();
    for (let i = 0; i < 60; i++) await clients.resolve(`https://app.example/client.json?n=${i}`, `203.0.113.${Math.floor(i / 10)}`).catch(() => undefined);
    expect(fetches).toHaveLength(42);
    await expect(clients.resolve(url, '198.51.100.7')).resolves.toMatchObject({ name: 'Example App' });
    await expect(clients.resolve('https://app.example/again.json', '198.51.100.7')).rejects.toThrow(
      /^client metadata documents were fetched from 'app\.example' too often; try again in \d+ seconds$/,
    );
  });

  it('caps first fetches from one host at 60 a minute over all callers, and other hosts still work', async () => {
    const clients = resolver();
    for (let i = 0; i < 60; i++) await clients.resolve(`https://app.example/client.json?n=${i}`, `203.0.113.${i}`);
    await expect(clients.resolve('https://app.example/client.json?n=60', '203.0.113.60')).rejects.toThrow(
      /^client metadata documents were fetched from 'app\.example' too often; try again in \d+ seconds$/,
    );
    expect(fetches).toHaveLength(60);
    await expect(clients.resolve('https://other.example/client.json', '203.0.113.61')).resolves.toMatchObject({ name: 'Example App' });
  });

  it("lets no attacker's own names spend the budget of a victim name on the same address", async () => {
    const clients = resolver();
    for (let name = 0; name < 40; name++) {
      for (let i = 0; i < 10; i++) await clients.resolve(`https://n${name}.wild.example/c-${i}.json`, '203.0.113.9').catch(() => undefined);
    }
    expect(fetches).toHaveLength(200);
    await expect(clients.resolve('https://victim.wild.example/client.json', '198.51.100.7')).resolves.toMatchObject({ name: 'Example App' });
  });

  it('caps first fetches from one address at 300 a minute, however many names point at it', async () => {
    const clients = resolver();
    for (let i = 0; i < 300; i++) await clients.resolve(`https://n${i}.wild.example/client.json`, `203.0.113.${i % 250}.${i}`);
    await expect(clients.resolve('https://n300.wild.example/client.json', '198.51.100.60')).rejects.toThrow(
      /^client metadata documents were fetched from 'n300\.wild\.example' too often/,
    );
    expect(fetches).toHaveLength(300);
  });

  it('refetches a document it holds from a budget of its own, whatever floods its host', async () => {
    const clients = resolver();
    serve('max-age=60');
    await clients.resolve(url);
    for (let i = 0; i < 70; i++) {
      await clients.resolve(`https://app.example/junk-${i}`, `203.0.113.${i % 7}`).catch(() => undefined);
    }
    clock.advance(61_000);
    serve(undefined, 'Renamed App');
    expect((await clients.resolve(url, '203.0.113.1')).name).toBe('Renamed App');
    expect(fetches.at(-1)).toBe(url);
  });

  it("charges a key-set fetch to the document naming it: another document named as a key set keeps its own budget", async () => {
    const clients = resolver();
    serve('max-age=60');
    await clients.resolve(url);
    const attacker = 'https://evil.example/client.json';
    const spent: string[] = [];
    for (let i = 0; i < 20; i++) spent.push(await clients.fetchKeySet(new URL(url), attacker).then(() => 'fetched', (error: ClientMetadataError) => error.problem));
    expect(spent.filter((outcome) => outcome === 'host_busy')).toHaveLength(10);
    clock.advance(61_000);
    serve(undefined, 'Renamed App');
    expect((await clients.resolve(url)).name).toBe('Renamed App');
  });

  it('refetches a document a person approved before from its own budget, though this instance holds no copy', async () => {
    const clients = new ClientMetadataResolver({
      policy: { allowPrivateAddresses: false, timeoutMs: 1000, maxBytes: 5120 },
      clock,
      slidingLog,
      log: (line) => logged.push(line),
      approvedBefore: async (clientId) => clientId === url,
      fetchDocument: async (target, policy) => {
        await policy.beforeConnect?.('192.0.2.80');
        fetches.push(target.href);
        return { document: documentAt(target.href), cacheControl: undefined };
      },
    });
    for (let i = 0; i < 10; i++) await clients.resolve(`https://app.example/c-${i}.json`, '203.0.113.9');
    await expect(clients.resolve('https://app.example/c-10.json', '203.0.113.9')).rejects.toThrow('too often');
    await expect(clients.resolve(url, '203.0.113.9')).resolves.toMatchObject({ name: 'Example App' });
  });

  it("keeps an approved client's last good copy in the store: it outlives eviction, a restart and the instance that fetched it", async () => {
    const stored = new Map<string, ClientMetadataCopy>();
    const copies: ClientMetadataCopyStore = {
      saveClientMetadataCopy: async (copy) => void stored.set(copy.client.id, copy),
      findClientMetadataCopy: async (clientId) => stored.get(clientId),
      deleteClientMetadataCopy: async (clientId) => void stored.delete(clientId),
    };
    const instance = () =>
      new ClientMetadataResolver({
        policy: { allowPrivateAddresses: false, timeoutMs: 1000, maxBytes: 5120 },
        clock,
        slidingLog,
        log: (line) => logged.push(line),
        maxEntries: 10,
        approvedBefore: async (clientId) => clientId === url,
        copies,
        fetchDocument: async (target, policy) => {
          await policy.beforeConnect?.(`192.0.2.${fetches.length % 200}`);
          fetches.push(target.href);
          const answer = answers.shift() ?? ((u: URL) => ({ document: documentAt(u.href), cacheControl: undefined }));
          return answer(target);
        },
      });
    const first = instance();
    await first.resolve(url);
    clock.advance(5 * 60_000 + 1);
    await first.resolve(url);
    expect(stored.has(url)).toBe(true);
    // Eleven other documents evict the copy from memory; its host then answers 403.
    for (let i = 0; i < 11; i++) await first.resolve(`https://other${i}.example/c.json`, `203.0.113.${i}`);
    clock.advance(5 * 60_000 + 1);
    fail(answered(403));
    expect((await first.resolve(url)).name).toBe('Example App');
    fail(answered(403));
    expect((await instance().resolve(url)).name).toBe('Example App');
    clock.advance(60_000);
    fail(new ClientMetadataError('document_gone', explain`answered HTTP 410`));
    await expect(instance().resolve(url)).rejects.toThrow('answered HTTP 410');
    expect(stored.has(url)).toBe(false);
  });

  it('refuses a client_id that is no usable URL without fetching anything', async () => {
    await expect(resolver().resolve('https://app.example/')).rejects.toThrow('must have a path');
    expect(fetches).toHaveLength(0);
  });
});
