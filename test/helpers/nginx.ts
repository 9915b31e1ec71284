import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { root } from './build.js';

/** Debian's nginx (`nginx-light`, installed by .ci/run), or the one `SURVEY_MCP_NGINX` names. */
const nginxBinary = process.env.SURVEY_MCP_NGINX ?? '/usr/sbin/nginx';
/** nobody: nginx runs unprivileged even when the tests run as root. */
const unprivileged = 65534;

/** The one `nginx` block of docs/deployment.md: what an operator copies, so the test runs that. */
export function documentedNginxBlock(): string {
  const page = readFileSync(join(root, 'docs/deployment.md'), 'utf8');
  const blocks = [...page.matchAll(/^```nginx\n([\s\S]*?)^```$/gm)].map(([, body]) => body!);
  if (blocks.length !== 1) throw new Error(`docs/deployment.md has ${blocks.length} nginx blocks; the test runs exactly one`);
  return blocks[0]!;
}

/**
 * The documented block with only addresses changed: each `10.0.0.x:PORT` instance address as
 * `instances` maps it, and each server's `listen 443 ssl` on the 127.0.0.1 port `listens` gives
 * for its `server_name` (plain HTTP: a test has no certificate).
 */
export function substituteAddresses(block: string, instances: Record<string, string>, listens: Record<string, number>): string {
  let config = block.replace(/\b10\.0\.0\.\d+:\d+\b/g, (address) => {
    const local = instances[address];
    if (!local) throw new Error(`the nginx block names ${address}, which the test maps to no instance`);
    return local;
  });
  config = config.replace(/listen 443 ssl; server_name (\S+);/g, (_line, name: string) => {
    const port = listens[name];
    if (!port) throw new Error(`the nginx block serves ${name}, which the test gives no port`);
    return `listen 127.0.0.1:${port}; server_name ${name};`;
  });
  return config;
}

/** True when something accepts a TCP connection on the 127.0.0.1 port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** A running nginx with its own prefix directory (config, pid, logs, temp files). */
export class Nginx {
  private constructor(
    private readonly child: ChildProcess,
    readonly dir: string,
    private readonly exited: Promise<void>,
  ) {}

  /** Starts nginx with `httpBlock` inside `http { }`; resolves once every port in `ports` answers. */
  static async start(httpBlock: string, ports: readonly number[]): Promise<Nginx> {
    const dir = mkdtempSync(join(tmpdir(), 'survey-mcp-nginx-'));
    chmodSync(dir, 0o777);
    const config = [
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  access_log off; client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      httpBlock,
      '}',
    ].join('\n');
    writeFileSync(join(dir, 'nginx.conf'), config);
    const root = process.getuid?.() === 0;
    const child = spawn(nginxBinary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(root ? { uid: unprivileged, gid: unprivileged } : {}),
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const nginx = new Nginx(child, dir, exited);
    for (let attempt = 0; attempt < 100; attempt++) {
      if (child.exitCode !== null) break;
      // A connection, not a request: a request now would fail at the instances not yet started,
      // and nginx would take them out of the rotation for the fail_timeout.
      const answering = await Promise.all(ports.map(accepts));
      if (answering.every(Boolean)) return nginx;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await nginx.stop();
    throw new Error(`nginx did not start:\n${stderr}${nginx.errorLog()}\n--- config ---\n${config}`);
  }

  errorLog(): string {
    try {
      return readFileSync(join(this.dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) this.child.kill('SIGTERM');
    await this.exited;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
