import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '../limits/connections.js';
import { clientAddressKey } from './client-address.js';

/**
 * An http.Server that enforces `limits`. Node checks request and header deadlines on a timer
 * (every 30 s by default, which would let a slow body live up to 30 s past its limit), so the
 * check runs at a tenth of the shortest deadline, between 10 ms and 1 s.
 */
export function createLimitedServer(limits: ConnectionLimits): Server {
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  const server = createServer({
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersTimeout / 10))),
  });
  capSocketsPerAddress(server, limits.maxSocketsPerAddress);
  return server;
}

/** Sockets opened past their address's cap: each gets one 429 and is closed (`serveWithinLimits`). */
const overCap = new WeakSet<Socket>();

/** The contract's 429 (spec 8 rule 5), as nginx's `limit_conn_status 429` answers a connection past its cap. */
const overCapBody = JSON.stringify({ error: 'rate_limit_exceeded' });

/**
 * Serves a limited server's requests with `listener`, but for a socket past its address's cap,
 * which gets an answer rather than a reset: 429 with `Retry-After`, then the socket closes.
 */
export function serveWithinLimits(server: Server, listener: (req: IncomingMessage, res: ServerResponse) => void): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!overCap.has(req.socket)) return listener(req, res);
    res.writeHead(429, {
      Connection: 'close',
      'Retry-After': '1',
      'Cache-Control': 'no-store',
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(overCapBody),
    });
    res.end(overCapBody);
  });
}

/**
 * Marks each socket past the `max`-th open one of its client address: it is not counted, and its
 * request is answered 429 (`serveWithinLimits`). Its request must still arrive within the header
 * deadline, like any other.
 */
function capSocketsPerAddress(server: Server, max: number): void {
  // Only addresses with a socket open: the map is bounded by the open sockets.
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const key = clientAddressKey(socket.remoteAddress);
    const count = (open.get(key) ?? 0) + 1;
    if (count > max) {
      overCap.add(socket);
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left === 0) open.delete(key);
      else open.set(key, left);
    });
  });
}
