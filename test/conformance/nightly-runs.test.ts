/**
 * A runner a team can point at the same staging deployment every night: it reads every page of
 * what it lists, so surveys that earlier runs (or people) piled up do not hide the ones it needs,
 * and run after run against one store it reaches the same verdicts.
 */
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../conformance/report.js';
import { runConformance } from '../../conformance/run.js';
import { systemClock } from '../../src/platform/clock.js';
import { operator } from '../../src/platform/context.js';
import { seedLoadSurvey } from '../../src/platform/demo/load.js';
import { demoSignIn, shortWindows, startOurServer, type OurServer } from './our-server.js';

/** The checks that read what list_surveys shows, and those that leave scratch surveys behind. */
const STATEFUL = ['tools-call', 'structured-content-large-answer', 'batch-answers-jsonrpc', 'confirmations'];
const RUNS = Number(process.env.NIGHTLY_RUNS ?? 10);

let ours: OurServer;

beforeAll(async () => {
  ours = await startOurServer();
}, 60_000);
afterAll(async () => {
  await ours?.close();
});

const verdicts = (report: Report): Record<string, string> => Object.fromEntries(report.results.map((result) => [result.id, result.status]));

function run(): Promise<Report> {
  return runConformance({ url: ours.server.baseUrl, signIn: demoSignIn, ...ours.documents, ...shortWindows.runner, protocol: '2025-11-25', only: STATEFUL });
}

describe('run after run against one store', () => {
  it('finds the surveys with responses behind 150 newer empty ones, and reaches the first run’s verdicts 10 times over', async () => {
    const ctx = { store: ours.server.store, clock: systemClock };
    for (let index = 0; index < 150; index += 1) {
      await seedLoadSurvey(ctx, operator, { responses: 0, title: `Filler ${index}`, ownerEmail: demoSignIn.user });
    }
    const first = await run();
    expect(first.results.filter((result) => result.status !== 'pass').map((result) => `${result.id}: ${result.status} ${result.message}`)).toEqual([]);
    for (let index = 1; index < RUNS; index += 1) {
      // Nightly runs never share a rate window; back to back here, the last run's requests would
      // still count against the next (and its 2 s tokens would not outlive waiting them out).
      await setTimeout(shortWindows.server.mcpRateLimit.windowMs);
      const report = await run();
      const why = report.results.filter((result) => result.status !== 'pass').map((result) => `${result.id}: ${result.message}`).join('\n');
      expect(verdicts(report), `run ${index + 1}:\n${why}`).toEqual(verdicts(first));
    }
  }, 600_000);
});
