/**
 * Stryker's command for one mutant (power/mutant.sh runs it under the Node the server's
 * better-sqlite3 was built for): the sandbox's built `survey-mcp serve` on a fresh SQLite file
 * (the demo, and a survey alice may only view), listening on :: (dual stack), with private_key_jwt
 * and ID-JAG single sign-on on, short windows, and the active mutant in its environment, then the
 * built `survey-mcp conformance` against it. Exits 1 when the runner reports any failure (caught).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_REDIRECT_URI } from '../conformance/sign-in.js';
import { hostDocuments } from './documents-host.js';
import { outcomeOf, isCaught, type RunnerOutcome } from './outcome.js';
import { powerEnv } from './settings.js';

const cli = 'bin/survey-mcp.js';
const listenTimeoutMs = 30_000;

/**
 * Short windows, as flags of the two commands: most of a run is spent waiting them out (a window
 * about eight times, a token's lifetime and the refresh grace once each). A one-second MCP window
 * still leaves the runner four times the time it takes to spend the budget on a loaded machine;
 * the registration budget (41 registrations in one go) keeps three seconds, and a token three
 * seconds, since a one-second token expired between a loaded sign-in and its first use.
 */
const serverFlags = ['--mcp-rate-limit', '20/1', '--register-rate-limit', '40/3', '--sign-in-rate-limit', '20/60', '--access-token-ttl', '3', '--refresh-grace', '2'];
/** The deployment lists private_key_jwt beside none, so that the runner's private_key_jwt checks run. */
const clientAuthFlags = ['--allow-private-client-metadata', '--client-auth-private-key-jwt'];
/** Single sign-on against the documents host's identity provider, redeeming its ID-JAGs, so that the runner's id-jag checks run. */
const idJagFlags = (issuer: string) => ['--sso-issuer', issuer, '--sso-client-id', 'survey-mcp', '--sso-id-jag'];
/** --fail-fast: a caught mutant needs one failure, not the rest of the run. */
const runnerFlags = ['--mcp-rate-limit', '20/1', '--register-rate-limit', '40/3', '--include-register-limit', '--refresh-grace', '2', '--fail-fast'];
const demo = { user: 'alice@example.com', password: 'survey-demo' };
/** Alice owns or administers every demo survey she can open; this one, of Carol's, she may only view. */
const viewerSurvey = { owner: 'carol@example.com', title: 'Runner power: a survey alice may only view', responses: '3' };

function run(args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Resolves with the MCP URL `serve` prints once both hosts listen; rejects when it exits first. */
function listening(serve: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`serve did not listen within ${listenTimeoutMs / 1000} s`)), listenTimeoutMs);
    // The banner is on stderr when stdout carries the JSON log (not a terminal), on stdout otherwise.
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /MCP server \(add this URL to your assistant\)\s+(http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    serve.stdout!.on('data', read);
    serve.stderr!.on('data', read);
    serve.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with code ${code} before it listened: ${output.slice(-300).trim()}`));
    });
  });
}

/** A port free on both stacks now: serve takes it at once (it must know its URLs before it listens). */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '::');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * `--host ::` (dual stack), published as 127.0.0.1: the runner reaches it over IPv4, and sends
 * from 127.0.0.2 too, which the server sees as ::ffff:127.0.0.2 (registration-budget-per-address).
 */
async function dualStackFlags(): Promise<string[]> {
  const [mcp, auth] = [await freePort(), await freePort()];
  return ['--host', '::', '--port', String(mcp), '--auth-port', String(auth), '--base-url', `http://127.0.0.1:${mcp}`, '--auth-url', `http://127.0.0.1:${auth}`];
}

async function stop(serve: ChildProcess): Promise<void> {
  if (serve.exitCode !== null || serve.signalCode !== null) return;
  const exited = new Promise((resolve) => serve.once('exit', resolve));
  serve.kill('SIGTERM');
  const timer = setTimeout(() => serve.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Seeds the demo and one more survey of Carol's, shared with alice as viewer, for the runner's
 * --viewer-survey-id (a lesser role than the demo gives her); resolves to its id or why not.
 */
async function seedViewerSurvey(db: string, env: NodeJS.ProcessEnv): Promise<{ id: string } | { error: string }> {
  const { owner, title, responses } = viewerSurvey;
  const seeded = await run(['seed', '--db', db, '--create', '--responses', responses, '--owner', owner, '--survey-title', title], env);
  const id = seeded.stdout.trim();
  if (seeded.code !== 0 || !id) return { error: `seed of the viewer's survey failed: ${seeded.stderr.slice(-300).trim()}` };
  const shared = await run(['share', '--db', db, '--survey', id, '--user', demo.user, '--role', 'viewer'], env);
  if (shared.code !== 0) return { error: `share of ${id} with ${demo.user} as viewer failed: ${shared.stderr.slice(-300).trim()}` };
  return { id };
}

async function measure(dir: string, env: NodeJS.ProcessEnv, certificates: string): Promise<RunnerOutcome> {
  const started = Date.now();
  const tls = { key: await readFile(join(certificates, 'leaf.key'), 'utf8'), cert: await readFile(join(certificates, 'leaf.crt'), 'utf8') };
  const documents = await hostDocuments(tls, DEFAULT_REDIRECT_URI);
  const jwtKey = join(dir, 'private-key-jwt.jwk.json');
  await writeFile(jwtKey, JSON.stringify(documents.jwtPrivateJwk));
  const idpKey = join(dir, 'id-jag.jwk.json');
  await writeFile(idpKey, JSON.stringify(documents.idpPrivateJwk));
  const db = join(dir, 'survey.db');
  const viewer = await seedViewerSurvey(db, env);
  if ('error' in viewer) return { failing: [], warned: [], setupError: viewer.error, durationMs: Date.now() - started };
  const serve = spawn(process.execPath, [cli, 'serve', ...(await dualStackFlags()), '--db', db, ...serverFlags, ...clientAuthFlags, ...idJagFlags(documents.idpIssuer)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await listening(serve).catch((error: Error) => error);
    if (url instanceof Error) return { failing: [], warned: [], setupError: url.message, durationMs: Date.now() - started };
    const token = await run(['token', 'issue', '--db', db, '--user', demo.user, '--scope', 'reporting'], env);
    if (token.code !== 0) return { failing: [], warned: [], setupError: `token issue failed: ${token.stderr.slice(-300).trim()}`, durationMs: Date.now() - started };
    const reportFile = join(dir, 'report.json');
    await run(
      [
        'conformance', '--url', url, '--user', demo.user, '--password', demo.password, '--foreign-token', token.stdout.trim(), ...runnerFlags,
        '--viewer-survey-id', viewer.id, '--client-metadata-url', documents.clientMetadataUrl, '--bad-client-metadata-url', documents.badClientMetadataUrl,
        ...documents.jwtClientMetadataUrls.flatMap((url) => ['--client-metadata-jwt-url', url]), '--client-metadata-jwt-key', jwtKey,
        '--id-jag-key', idpKey, '--id-jag-issuer', documents.idpIssuer, '--json', reportFile,
      ],
      env,
    );
    const report = await readFile(reportFile, 'utf8').then((text) => JSON.parse(text), () => ({ results: [], setupError: 'the runner wrote no report' }));
    return outcomeOf(report, Date.now() - started);
  } finally {
    await stop(serve);
    await documents.close();
  }
}

const settings = powerEnv(process.env);
const mutant = process.env.__STRYKER_ACTIVE_MUTANT__ ?? 'baseline';
const dir = await mkdtemp(join(tmpdir(), 'survey-mcp-power-'));
// The operator's own SURVEY_MCP_* settings (a Redis rate store, a sign-in) would change the deployment under test.
const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith('SURVEY_MCP_'));
const env: NodeJS.ProcessEnv = { ...Object.fromEntries(inherited), NODE_EXTRA_CA_CERTS: join(settings.certificates, 'ca.crt') };
try {
  const outcome = await measure(dir, env, settings.certificates);
  await mkdir(settings.runs, { recursive: true });
  await writeFile(join(settings.runs, `${mutant}.json`), JSON.stringify(outcome, null, 2));
  console.log(JSON.stringify(outcome));
  process.exitCode = isCaught(outcome) ? 1 : 0;
} finally {
  if (!process.env.RUNNER_POWER_KEEP) await rm(dir, { recursive: true, force: true });
}
