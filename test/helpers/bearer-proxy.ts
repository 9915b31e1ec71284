import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BearerProxy {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Forwards every request to `target` with `Authorization: Bearer <token>` added, and everything
 * else as sent (Host and Origin included, so origin checks still see the caller's): how a tool
 * that knows nothing of OAuth reaches our server.
 */
export async function startBearerProxy(target: string, token: string): Promise<BearerProxy> {
  const upstream = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: { ...incoming.headers, authorization: `Bearer ${token}` } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
