/**
 * An event stream a buffering proxy holds: the headers pass at once, the events only when the
 * stream ends. The runner names that, instead of a bare timeout.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUFFERING_PROXY, Http, RequestFailed } from '../../conformance/http.js';

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    // `/held`: nothing until the stream would end; `/slow`: one event, then a pause; `/silent`:
    // not even the headers, as nginx sends none before its first buffer fills.
    if (request.url === '/silent') {
      setTimeout(() => response.end(), 3_000).unref();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' }).flushHeaders();
    if (request.url === '/slow') response.write('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\n');
    const timer = setTimeout(() => response.end('event: message\ndata: {}\n\n'), 3_000);
    response.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failureOf(path: string, http = new Http(600)): Promise<string> {
  const error = await http.sendStreaming({ url: `${url}${path}`, method: 'POST', body: '{}' }, async () => undefined).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(RequestFailed);
  return (error as RequestFailed).reason;
}

describe('an event stream held until it ends', () => {
  it('is named as a buffering proxy, with the setting to change', async () => {
    expect(await failureOf('/held')).toMatch(
      /^no event within 600 ms on an event stream whose headers came after \d+ ms: a proxy that buffers responses is likely holding the stream until it ends; turn buffering off for the MCP endpoint \(nginx: proxy_buffering off/,
    );
  });

  it('is named too when not even the headers came', async () => {
    expect(await failureOf('/silent')).toMatch(/^no answer within 600 ms to a request answered as an event stream .*: a proxy that buffers responses is likely holding the stream/);
  });

  it('is not confused with a stream that sent an event and then took its time', async () => {
    const http = new Http(600);
    expect(await failureOf('/slow', http)).toBe('no answer within 600 ms');
    expect(http.diagnosisSince(0)).toBeUndefined();
  });

  it('hands its cause over as data, for a check that words the failure its own way', async () => {
    const http = new Http(600);
    const before = Date.now();
    await failureOf('/held', http);
    expect(http.diagnosisSince(before)).toBe(BUFFERING_PROXY);
    expect(http.diagnosisSince(Date.now() + 1)).toBeUndefined();
  });
});
