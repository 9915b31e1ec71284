/**
 * A proxy that buffers responses holds an event stream's events until the stream ends: the head
 * arrives, then nothing. The runner names that cause instead of a bare "no answer within N ms".
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Http, RequestFailed } from '../../conformance/http.js';

let server: Server;
let url: string;

beforeAll(async () => {
  // The head goes out at once; the events, as a buffering proxy would pass them, never within the timeout.
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.flushHeaders();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it('names a buffering proxy when an event stream opens and no event follows within the timeout', async () => {
  const failure = await new Http(300).sendStreaming({ url, method: 'POST', body: '{}' }, async () => undefined).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(RequestFailed);
  expect((failure as Error).message).toContain('no event followed within 300 ms: a proxy in front is likely buffering the stream');
  expect((failure as Error).message).toContain('proxy_buffering off');
});
