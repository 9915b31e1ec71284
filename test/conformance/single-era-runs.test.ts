import { describe, test } from 'vitest';
import type { Report } from '../../conformance/report.js';
import { runAgainst, withFakeDeployment } from './harness.js';

// Our server speaks both eras and has no setting to offer one alone, so a deployment of one era
// is the fake's: every group, as QA runs it. The era a deployment offers changes which checks
// apply, never whether one of the era-free checks (OAuth, rate limits, revocation) fails.
const wholeRun = (offers: 'modern' | 'legacy') =>
  withFakeDeployment(
    { offers, accessTokenTtlSeconds: 6, mcpRateLimit: { limit: 20, windowMs: 2000 }, registerRateLimit: { limit: 20, windowMs: 2000 } },
    (fake) => runAgainst(fake, { mcpRateLimit: { limit: 20, windowSeconds: 2 }, registerRateLimit: { limit: 20, windowSeconds: 2 }, includeRegisterLimit: true }),
  );

const notPassed = (report: Report) => report.results.filter((result) => result.status !== 'pass');

// Each run has a deployment of its own and mostly waits out windows: the two run side by side.
describe.concurrent('a whole run under --protocol auto against a deployment of one MCP era', () => {
  test('speaking only 2026-07-28 (no initialize), nothing fails or warns, the report says so, and each skip is a 2025-11-25 check saying why', async ({ expect }) => {
    const report = await wholeRun('modern');
    expect(report.eras).toMatch(/^2026-07-28 only \(initialize answered HTTP 400/);
    for (const result of notPassed(report)) {
      expect(result, result.id).toMatchObject({ status: 'skip', message: expect.stringMatching(/^the deployment does not speak 2025-11-25/) });
    }
    expect(report.results.filter((result) => result.group === 'modern-mcp' && result.status === 'pass').length).toBeGreaterThan(20);
    expect(report.results.filter((result) => result.group === 'rate-limits').map((result) => result.status)).toEqual(
      report.results.filter((result) => result.group === 'rate-limits').map(() => 'pass'),
    );
  }, 120_000);

  test('speaking only 2025-11-25, only the contract’s warning remains, the report says so, and each skip is a 2026-07-28 check saying why', async ({ expect }) => {
    const report = await wholeRun('legacy');
    expect(report.eras).toMatch(/^2025-11-25 only \(server\/discover answered HTTP 400/);
    const [warning, ...skipped] = notPassed(report);
    expect(warning).toMatchObject({ id: 'stream-get-strict-clients', status: 'warn' });
    for (const result of skipped) {
      expect(result, result.id).toMatchObject({ status: 'skip', message: expect.stringMatching(/^the deployment does not speak 2026-07-28/) });
    }
    expect(skipped.length).toBeGreaterThan(20);
  }, 120_000);
});
