import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, request as httpsRequest, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestCertificates } from './client-metadata-host.js';

export interface HttpsProxy {
  readonly url: string;
  /** What clients must trust: the certificate itself, or the CA of the certificates given. */
  readonly ca: string;
  /** A `fetch` over this proxy's TLS that trusts `ca` and never follows redirects. */
  readonly fetch: typeof fetch;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made now and valid for a day: its own CA. */
function selfSignedCertificate(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'survey-mcp-tls-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert, ca: cert };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * TLS in front of a plain-http host on 127.0.0.1, as a reverse proxy in production: it appends
 * the client's address to X-Forwarded-For (one hop) and passes everything else through (Host
 * included, as the README's nginx does). Its certificate signs itself unless `certificates` are given.
 */
export async function startHttpsProxy(listenPort: number, targetPort: number, certificates = selfSignedCertificate()): Promise<HttpsProxy> {
  const { key, cert, ca } = certificates;
  const server: Server = createServer({ key, cert }, (req, res) => {
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = httpRequest(
      { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwarded } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));

  const tlsFetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = Object.fromEntries(new Headers(init.headers));
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpsRequest(url, { method: init.method ?? 'GET', headers, ca }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of ([] as (string | undefined)[]).concat(value)) if (one !== undefined) answer.append(name, one);
          }
          const status = incoming.statusCode ?? 500;
          resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: answer }));
        });
      });
      outgoing.on('error', reject);
      outgoing.end(typeof init.body === 'string' ? init.body : undefined);
    });
  }) as typeof fetch;

  return {
    url: `https://127.0.0.1:${listenPort}`,
    ca,
    fetch: tlsFetch,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
