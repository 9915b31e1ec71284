import { once } from 'node:events';
import type { AddressInfo, Server } from 'node:net';

/** Listens on 127.0.0.1 and an ephemeral port; resolves to the origin, `http://127.0.0.1:PORT` (or `https:`). */
export async function listenOnLoopback(server: Server, scheme: 'http' | 'https' = 'http'): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
