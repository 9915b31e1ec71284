import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listenOnLoopback } from './loopback-server.js';

export interface TestCertificates {
  /** The CA to trust: hand it to the server's fetcher, never to the process. */
  readonly ca: string;
  readonly key: string;
  readonly cert: string;
}

/**
 * A throw-away CA and a certificate it signs for 127.0.0.1, localhost, client.test and any
 * `names` (e.g. claude.ai, so a test can serve that host's document from loopback), made with openssl.
 */
export function makeTestCertificates(names: readonly string[] = []): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'survey-mcp-ca-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  try {
    run('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '1', '-subj', '/CN=survey-mcp test CA',
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign');
    run('req', ...ec, '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=localhost');
    writeFileSync(
      join(dir, 'leaf.ext'),
      `subjectAltName=${['IP:127.0.0.1', ...['localhost', 'client.test', ...names].map((name) => `DNS:${name}`)].join(',')}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`,
    );
    run('x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'leaf.crt', '-days', '1', '-extfile', 'leaf.ext');
    const read = (name: string) => readFileSync(join(dir, name), 'utf8');
    return { ca: read('ca.crt'), key: read('leaf.key'), cert: read('leaf.crt') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Route = (req: IncomingMessage, res: ServerResponse, url: string) => void;

/**
 * A client's https host on loopback, as Claude or VS Code would publish their client metadata
 * documents. Tests put documents (good and bad) at paths and count how often each is fetched.
 */
export class ClientMetadataHost {
  readonly hits = new Map<string, number>();
  private readonly routes = new Map<string, Route>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
    readonly certificates: TestCertificates,
  ) {}

  static async start(certificates = makeTestCertificates()): Promise<ClientMetadataHost> {
    let host: ClientMetadataHost | undefined;
    const server = createServer({ key: certificates.key, cert: certificates.cert }, (req, res) => {
      const path = req.url ?? '/';
      host!.hits.set(path, (host!.hits.get(path) ?? 0) + 1);
      const route = host!.routes.get(path);
      if (!route) return void res.writeHead(404).end();
      route(req, res, `${host!.origin}${path}`);
    });
    host = new ClientMetadataHost(server, await listenOnLoopback(server, 'https'), certificates);
    return host;
  }

  url(path: string): string {
    return `${this.origin}${path}`;
  }

  route(path: string, route: Route): string {
    this.routes.set(path, route);
    return this.url(path);
  }

  /** A document at `path` whose client_id is its own URL, unless `fields` says otherwise. */
  document(path: string, fields: Record<string, unknown>, headers: Record<string, string> = {}): string {
    return this.route(path, (_req, res, url) => {
      res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify({ client_id: url, ...fields }));
    });
  }

  fetchesOf(path: string): number {
    return this.hits.get(path) ?? 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
