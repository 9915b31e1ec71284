/**
 * Issue 36: SIGTERM under load loses no request. The test holds twenty MCP requests in flight
 * (headers sent, bodies not finished), sends SIGTERM, and only then finishes the bodies: every
 * one is answered in full, no new connection is accepted meanwhile, and `serve` exits 0.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asyncContextFrameFlags } from '../../src/cli/async-context-frame.js';
import { ensureBuilt, freePorts, runCli, startServe } from '../scale-out/processes.js';

const dir = mkdtempSync(join(tmpdir(), 'survey-mcp-shutdown-'));
const db = join(dir, 'survey.db');
let token = '';

beforeAll(async () => {
  ensureBuilt();
  expect((await runCli(['users', 'add', '--create', '--email', 'pat@example.com', '--name', 'Pat', '--password', 'correct horse battery', '--db', db])).code).toBe(0);
  const issued = await runCli(['token', 'issue', '--user', 'pat@example.com', '--scope', 'mcp_customer', '--db', db]);
  expect(issued.code, issued.stderr).toBe(0);
  // stdout is the token alone; a word-boundary pattern would drop a leading or trailing '-'.
  token = issued.stdout.trim();
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_me', arguments: {} } });

/** A POST whose headers and first half of the body are out; `finish` sends the rest. */
function heldRequest(port: number): { finish: () => void; answer: Promise<{ status: number; text: string }> } {
  let req!: ClientRequest;
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('error', reject);
  });
  req.write(body.slice(0, 20));
  return { finish: () => req.end(body.slice(20)), answer };
}

it('answers every request in flight at SIGTERM, refuses new connections, and exits 0, having restarted in place with the async context frame', async () => {
  const [port, authPort] = await freePorts(2);
  const serve = await startServe(['--port', String(port), '--auth-port', String(authPort), '--db', db, '--no-seed', '--shutdown-timeout', '20', '--log-format', 'json']);
  // On Node 22 serve restarted itself in place (the same pid, which the signal below goes to) with the async context frame.
  const commandLine = readFileSync(`/proc/${serve.child.pid}/cmdline`, 'utf8').split('\0');
  expect(commandLine.includes('--experimental-async-context-frame')).toBe(asyncContextFrameFlags().length > 0);
  const held = Array.from({ length: 20 }, () => heldRequest(port!));
  // Every request reached the server (its first bytes are in) before the signal.
  await new Promise((resolve) => setTimeout(resolve, 300));
  serve.child.kill('SIGTERM');
  for (let i = 0; i < 100 && !serve.stderr.includes('SIGTERM: stopping'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(serve.stderr).toContain('SIGTERM: stopping');
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  for (const request of held) request.finish();
  const answers = await Promise.all(held.map((request) => request.answer));
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).result.structuredContent.user.email).toBe('pat@example.com');
  }
  expect(await serve.finished()).toBe(0);
  // stdout is the JSON log alone, as a collector reads it: every line parses; the banner is on stderr.
  const logged = serve.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { msg: string; status?: number });
  expect(serve.stderr).toContain('survey-mcp is running');
  expect(logged.filter((line) => line.msg === 'request' && line.status === 200)).toHaveLength(20);
  expect(logged.map((line) => line.msg).filter((msg) => msg !== 'request')).toEqual(['listening', 'stopping', 'stopped']);
}, 60_000);
