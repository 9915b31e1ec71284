import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientMetadataError } from '../../../src/oauth/client-metadata/errors.js';
import { fetchClientMetadataDocument, type FetchPolicy } from '../../../src/oauth/client-metadata/fetch-document.js';
import { ClientMetadataHost } from '../../helpers/client-metadata-host.js';
import { freePorts } from '../../scale-out/processes.js';

let host: ClientMetadataHost;
let policy: FetchPolicy;
const app = { client_name: 'Test App', redirect_uris: ['http://127.0.0.1/callback'] };

beforeAll(async () => {
  host = await ClientMetadataHost.start();
  // A deadline no loaded machine reaches for a host that answers; only the silent host meets it.
  policy = { allowPrivateAddresses: true, timeoutMs: 20_000, maxBytes: 5120, ca: host.certificates.ca };
  host.document('/good.json', app, { 'cache-control': 'max-age=600' });
  host.route('/moved.json', (_req, res) => res.writeHead(302, { location: host.url('/good.json') }).end());
  host.route('/huge.json', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ pad: 'x'.repeat(6000) })));
  host.route('/huge-chunked.json', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    for (let i = 0; i < 8; i++) res.write(' '.repeat(1000));
    res.end('{}');
  });
  host.route('/slow.json', () => undefined);
  host.route('/html', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'));
  host.route('/broken.json', (_req, res) => res.writeHead(503).end());
});
afterAll(() => host.close());

const fetchAt = (url: string, overrides: Partial<FetchPolicy> = {}) => fetchClientMetadataDocument(new URL(url), { ...policy, ...overrides });

describe('fetching a client metadata document', () => {
  it('returns the parsed document and its Cache-Control, asking for JSON', async () => {
    let accept: string | undefined;
    host.route('/accept.json', (req, res, url) => {
      accept = req.headers.accept;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ client_id: url }));
    });
    expect(await fetchAt(host.url('/good.json'))).toEqual({
      document: { client_id: host.url('/good.json'), ...app },
      cacheControl: 'max-age=600',
    });
    await fetchAt(host.url('/accept.json'));
    expect(accept).toBe('application/json');
  });

  it('refuses a loopback host without the opt-in, before connecting', async () => {
    const before = host.fetchesOf('/good.json');
    await expect(fetchAt(host.url('/good.json'), { allowPrivateAddresses: false })).rejects.toMatchObject({
      problem: 'address_refused',
      message: `the client metadata document at '${host.url('/good.json')}' could not be fetched: its host could not be reached from this server at a public address`,
      detail: '127.0.0.1 is loopback (RFC 1122)',
    });
    expect(host.fetchesOf('/good.json')).toBe(before);
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const resolve = async () => [{ address: '93.184.215.14', family: 4 as const }, { address: '10.0.0.7', family: 4 as const }];
    await expect(fetchAt('https://client.test/c.json', { allowPrivateAddresses: false, resolve })).rejects.toMatchObject({
      problem: 'address_refused',
      detail: '10.0.0.7 is private (RFC 1918)',
    });
  });

  it("with private addresses allowed, still refuses 'this network' and link-local before connecting, in IPv4 and IPv4-mapped form", async () => {
    // On Linux a connection to 0.0.0.0 reaches this machine's listeners, our host among them.
    const port = Number(new URL(host.origin).port);
    host.document('/this-network.json', app);
    const before = host.fetchesOf('/this-network.json');
    const onlyLocal = 'allowing private addresses opens loopback and private networks only';
    const refused = [
      ['0.0.0.0', 4, `0.0.0.0 is 'this network' (RFC 791); ${onlyLocal}`],
      ['::ffff:0:0', 6, `::ffff:0:0 is 'this network' (RFC 791); ${onlyLocal}`],
      ['169.254.169.254', 4, `169.254.169.254 is link-local (RFC 3927); ${onlyLocal}`],
    ] as const;
    for (const [address, family, detail] of refused) {
      const resolve = async () => [{ address, family, port }];
      await expect(fetchAt(`https://client.test:${port}/this-network.json`, { resolve })).rejects.toMatchObject({ problem: 'address_refused', detail });
    }
    expect(host.fetchesOf('/this-network.json')).toBe(before);
  });

  it('connects to the address it checked, not to whatever the name resolves to later', async () => {
    // client.test exists in no DNS: only the checked address can have reached our host.
    const resolve = async () => [{ address: '127.0.0.1', family: 4 as const }];
    const port = new URL(host.origin).port;
    host.document('/pinned.json', app);
    const fetched = await fetchAt(`https://client.test:${port}/pinned.json`, { resolve });
    expect(fetched.document).toMatchObject({ client_name: 'Test App' });
  });

  it('does not follow a redirect', async () => {
    const before = host.fetchesOf('/good.json');
    await expect(fetchAt(host.url('/moved.json'))).rejects.toMatchObject({
      problem: 'redirect',
      message: `the client metadata document at '${host.url('/moved.json')}' answered 302 with a redirect to '${host.url('/good.json')}': redirects are not followed, so serve the document at its client_id URL itself`,
    });
    expect(host.fetchesOf('/good.json')).toBe(before);
  });

  it('refuses a document over the size cap, announced or streamed', async () => {
    for (const path of ['/huge.json', '/huge-chunked.json']) {
      await expect(fetchAt(host.url(path))).rejects.toThrow(`the client metadata document at '${host.url(path)}' is larger than 5120 bytes`);
    }
  });

  it('gives up on a host that does not answer in time', async () => {
    // The host never answers, so the deadline decides however slow the machine is.
    await expect(fetchAt(host.url('/slow.json'), { timeoutMs: 300 })).rejects.toMatchObject({
      problem: 'timeout',
      transient: true,
      message: `the client metadata document at '${host.url('/slow.json')}' could not be fetched: its host could not be reached from this server at a public address`,
      detail: 'no answer within 300 ms',
    });
  });

  it('refuses answers other than 200: 404 and 410 as a document gone (its copy goes too), others as the host in trouble (a copy may stand in)', async () => {
    host.route('/deleted.json', (_req, res) => res.writeHead(410).end());
    await expect(fetchAt(host.url('/missing.json'))).rejects.toMatchObject({ problem: 'document_gone', transient: false });
    await expect(fetchAt(host.url('/deleted.json'))).rejects.toMatchObject({ problem: 'document_gone', transient: false });
    await expect(fetchAt(host.url('/broken.json'))).rejects.toMatchObject({ problem: 'http_status', transient: true });
  });

  it('refuses a document served as anything but JSON, and a JSON type whose body is not JSON', async () => {
    host.route('/html-json', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('{"client_id":"x"}'));
    host.route('/untyped.json', (_req, res) => res.writeHead(200).end('{"client_id":"x"}'));
    host.route('/typed.json', (_req, res) => res.writeHead(200, { 'content-type': 'application/client-metadata+json; charset=utf-8' }).end('{}'));
    host.route('/bad.json', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html></html>'));
    await expect(fetchAt(host.url('/html'))).rejects.toMatchObject({
      problem: 'not_json',
      message: `the client metadata document at '${host.url('/html')}' is served as 'text/html': it must be served as JSON (application/json)`,
    });
    await expect(fetchAt(host.url('/html-json'))).rejects.toMatchObject({ problem: 'not_json' });
    await expect(fetchAt(host.url('/untyped.json'))).rejects.toThrow('is served as no Content-Type: it must be served as JSON');
    await expect(fetchAt(host.url('/typed.json'))).resolves.toMatchObject({ document: {} });
    await expect(fetchAt(host.url('/bad.json'))).rejects.toThrow('is not valid JSON');
  });

  it('gives one answer for a private address, a name that does not resolve and a closed port; the reason goes to the log only', async () => {
    // Free a moment ago and closed now: connections to it are refused.
    const [port] = await freePorts(1);
    const noSuchName = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const privateName = async () => [{ address: '10.1.2.3', family: 4 as const }];
    const closedName = async () => [{ address: '127.0.0.1', family: 4 as const, port }];
    const failure = (overrides: Partial<FetchPolicy>) =>
      fetchAt('https://internal.client.test/c.json', overrides).then(
        () => expect.unreachable('the fetch succeeded'),
        (error: unknown) => error as ClientMetadataError,
      );
    const outcomes = [
      await failure({ allowPrivateAddresses: false, resolve: privateName }),
      await failure({ allowPrivateAddresses: false, resolve: noSuchName }),
      await failure({ resolve: closedName }),
    ];
    expect(new Set(outcomes.map((error) => error.message))).toEqual(
      new Set(["the client metadata document at 'https://internal.client.test/c.json' could not be fetched: its host could not be reached from this server at a public address"]),
    );
    expect(outcomes.map((error) => error.detail)).toEqual([
      '10.1.2.3 is private (RFC 1918)',
      'name resolution failed (ENOTFOUND)',
      'the connection failed (ECONNREFUSED)',
    ]);
  });

  it('verifies the certificate: a host our trust anchors do not vouch for is unreachable', async () => {
    await expect(fetchAt(host.url('/good.json'), { ca: undefined })).rejects.toMatchObject({ problem: 'unreachable' });
  });
});
