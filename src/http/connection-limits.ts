import { createServer, type Server } from 'node:http';
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

/** Closes each socket past the `max`-th open one of its client address. */
function capSocketsPerAddress(server: Server, max: number): void {
  // Only addresses with a socket open: the map is bounded by the open sockets.
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const key = clientAddressKey(socket.remoteAddress);
    const count = (open.get(key) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
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
