/**
 * What a load balancer's first probe, or a client retrying through a rolling restart, meets while
 * `serve` starts: the metadata URL polled on fresh connections every 10–50 ms from the moment the
 * process is spawned. Each request is refused (nothing listens yet), answered 503 with
 * `Retry-After` (held at most a second), or served — never left waiting.
 * `SURVEY_MCP_START_POLL_ROUNDS` sets the starts per store (default 20).
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, postgresUrl, uniqueSchema } from '../helpers/postgres.js';
import { redisDatabase, testRedisUrl } from '../helpers/redis.js';
import { CliProcess, ensureBuilt, freePorts, stopAll } from './processes.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const rounds = Number(process.env.SURVEY_MCP_START_POLL_ROUNDS ?? 20);
/** Longer than the one second a request may be held at start, with room for a loaded machine. */
const heldAfterMs = 5_000;
const schema = uniqueSchema('startpoll');
const dir = mkdtempSync(join(tmpdir(), 'survey-mcp-start-poll-'));

beforeAll(() => ensureBuilt(), 240_000);
afterAll(async () => {
  await stopAll();
  await dropSchemas([schema]);
  rmSync(dir, { recursive: true, force: true });
});

type Outcome = { kind: 'refused' } | { kind: 'answered'; status: number; retryAfter?: string } | { kind: 'held' };

/** One GET on a connection of its own; `held` when no answer came within `heldAfterMs`. */
function probe(port: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/.well-known/oauth-protected-resource', agent: false }, (res) => {
      res.resume();
      resolve({ kind: 'answered', status: res.statusCode!, retryAfter: res.headers['retry-after'] });
    });
    req.setTimeout(heldAfterMs, () => {
      resolve({ kind: 'held' });
      req.destroy();
    });
    req.on('error', () => resolve({ kind: 'refused' }));
    req.end();
  });
}

/** Starts `serve`, polls from its spawn until a request is served, stops it; every outcome seen. */
async function pollOneStart(store: string[]): Promise<Outcome[]> {
  const [port, authPort] = await freePorts(2);
  const serve = new CliProcess(['serve', '--host', '127.0.0.1', '--port', String(port), '--auth-port', String(authPort), '--no-seed', ...store]);
  const probes: Promise<Outcome>[] = [];
  const startedAt = Date.now();
  let served = false;
  while (!served && serve.running && Date.now() - startedAt < 30_000) {
    const outcome = probe(port!);
    probes.push(outcome);
    void outcome.then((each) => (served ||= each.kind === 'answered' && each.status === 200));
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
  }
  const outcomes = await Promise.all(probes);
  serve.child.kill('SIGTERM');
  await serve.finished();
  expect(served, serve.stderr).toBe(true);
  return outcomes;
}

describe.each([
  ['PostgreSQL + Redis', ['--db', postgresUrl(schema), '--rate-store', redisDatabase(testRedisUrl, 13)]],
  ['SQLite', ['--db', join(dir, 'poll.db')]],
])('requests that arrive while serve starts on %s', (_name, store) => {
  it(`are refused, answered 503 with Retry-After, or served: none is held, in ${rounds} starts`, async () => {
    const held: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const outcomes = await pollOneStart(store);
      held.push(outcomes.filter((each) => each.kind === 'held').length);
      for (const each of outcomes) {
        if (each.kind === 'answered' && each.status !== 200) expect(each).toEqual({ kind: 'answered', status: 503, retryAfter: '1' });
      }
    }
    expect(held).toEqual(Array.from({ length: rounds }, () => 0));
  }, 60_000 + rounds * 30_000);
});
