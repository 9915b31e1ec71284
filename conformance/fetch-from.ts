import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIPv4 } from 'node:net';

export interface FetchFromInit {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal: AbortSignal;
}

/**
 * fetch's answer to a request sent from the local address `localAddress`, which fetch itself
 * cannot choose: a per-address budget is told apart from a shared one only by a second source.
 * Never follows redirects; fails as fetch does (a TypeError with the cause, the timeout's reason).
 */
export function fetchFrom(localAddress: string, url: string, init: FetchFromInit): Promise<Response> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const failed = (error: Error): void => reject(init.signal.aborted ? init.signal.reason : new TypeError('fetch failed', { cause: error }));
    const outgoing = send(target, { method: init.method, headers: init.headers, localAddress, family: isIPv4(localAddress) ? 4 : 6, signal: init.signal }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', failed);
      incoming.on('end', () => {
        const headers = new Headers();
        for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) headers.append(incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!);
        const status = incoming.statusCode ?? 0;
        resolve(new Response([101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers }));
      });
    });
    outgoing.on('error', failed);
    outgoing.end(init.body);
  });
}
