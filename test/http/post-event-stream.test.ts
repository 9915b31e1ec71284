import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PostEventStream } from '../../src/http/mcp/event-stream.js';

describe('the event stream answering a POST that asks the person', () => {
  it('opens with the server request, keeps the idle stream alive with comments, and ends with the response', async () => {
    const server = createServer((_req, res) => {
      const stream = new PostEventStream(res, 20);
      stream.send({ jsonrpc: '2.0', id: 'confirm-1', method: 'elicitation/create', params: {} });
      setTimeout(() => stream.finish({ jsonrpc: '2.0', id: 1, result: {} }), 70);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const text = await response.text();
    server.close();
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    // What nginx and compressing proxies honour to pass each event on at once.
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(text.startsWith('event: message\ndata: {"jsonrpc":"2.0","id":"confirm-1","method":"elicitation/create","params":{}}\n\n')).toBe(true);
    expect(text).toContain(': waiting for the person\n\n');
    expect(text.endsWith('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n')).toBe(true);
  });
});
