/**
 * Case 2, the ceiling: bare `node:http` answering the full stack's own answer from memory. No
 * parsing, no auth, no store: what one Node core can do for this request and response size.
 */
import { createServer } from 'node:http';
import { listenOnLoopback, runChild } from './child.js';
import type { CeilingOptions } from './protocol.js';

runChild<CeilingOptions>(async ({ body, contentType }) => {
  const answer = Buffer.from(body);
  const server = createServer((req, res) => {
    // Drain the request so keep-alive connections stay usable, as any real server must.
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': contentType, 'content-length': answer.length });
      res.end(answer);
    });
  });
  return listenOnLoopback(server);
});
