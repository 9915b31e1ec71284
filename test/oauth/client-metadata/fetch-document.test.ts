import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchClientMetadataDocument, type FetchPolicy } from '../../../src/oauth/client-metadata/fetch-document.js';
import { ClientMetadataHost } from '../../helpers/client-metadata-host.js';

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
      res.writeHead(200).end(JSON.stringify({ client_id: url }));
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
    await expect(fetchAt(host.url('/good.json'), { allowPrivateAddresses: false })).rejects.toThrow(
      `the host of '${host.url('/good.json')}' is not a public address: client metadata documents are fetched from public addresses only`,
    );
    expect(host.fetchesOf('/good.json')).toBe(before);
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const resolve = async () => [{ address: '93.184.215.14', family: 4 as const }, { address: '10.0.0.7', family: 4 as const }];
    await expect(fetchAt('https://client.test/c.json', { allowPrivateAddresses: false, resolve })).rejects.toMatchObject({
      problem: 'address_refused',
      message: expect.stringContaining('is not a public address'),
    });
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
      message: `the client metadata document at '${host.url('/slow.json')}' did not arrive within 300 ms`,
    });
  });

  it('refuses answers other than 200 and bodies that are not JSON', async () => {
    await expect(fetchAt(host.url('/missing.json'))).rejects.toMatchObject({ problem: 'http_status', transient: false });
    await expect(fetchAt(host.url('/broken.json'))).rejects.toMatchObject({ problem: 'http_status', transient: true });
    await expect(fetchAt(host.url('/html'))).rejects.toThrow('is not valid JSON');
  });

  it('verifies the certificate: a host our trust anchors do not vouch for is unreachable', async () => {
    await expect(fetchAt(host.url('/good.json'), { ca: undefined })).rejects.toMatchObject({ problem: 'unreachable' });
  });
});
