import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SetupFailed } from '../../conformance/errors.js';
import { runConformance } from '../../conformance/run.js';
import { contractWarning, demoSignIn, expectFullRun, foreignToken, shortWindows, startOurServer, viewerSurvey, type OurServer } from './our-server.js';

// SQLite, with client metadata documents on a host of their own.
let ours: OurServer;
let server: OurServer['server'];
beforeAll(async () => {
  ours = await startOurServer();
  server = ours.server;
});
afterAll(() => ours.close());

describe('survey-mcp conformance against a local survey-mcp serve', () => {
  it('passes every check, the opt-in registration limit and token expiry included, with the one warning the contract’s 404 earns', async () => {
    const report = await runConformance({
      url: server.baseUrl,
      signIn: demoSignIn,
      foreignToken: await foreignToken(server.store),
      viewerSurveyId: await viewerSurvey(server.store),
      ...shortWindows.runner,
      ...ours.documents,
    });
    expectFullRun(report, [contractWarning]);
    expect(report.results.find((result) => result.id === 'tool-error-not-authorized')?.message).toMatch(/answered \(viewer\); 2025-11-25: tool error "not authorized/);
    // The results view, read as an MCP App in each era the server speaks.
    expect(report.results.find((result) => result.id === 'mcp-app-resource-read')?.message).toMatch(/survey-results\.html in 2025-11-25 .*survey-results\.html in 2026-07-28 /);
    // in-flight-limit-429 waits out the server's 10 s queue.
  }, 150_000);

  // Carol: the full run's sign-in-account-budget leaves alice's account refusing new browsers for 15 s.
  it('a wrong password ends the run as a setup error naming the sign-in page’s 401, before any check', async () => {
    const error = await runConformance({
      url: server.baseUrl,
      signIn: { kind: 'password', user: 'carol@example.com', password: 'not-the-password' },
      only: ['discovery', 'authorization-code-flow'],
    }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(SetupFailed);
    expect((error as Error).message).toBe(
      `the deployment refused the sign-in of carol@example.com (${server.authUrl}/sign-in answered HTTP 401): check --user and --password`,
    );
  });

  it('counts registrations per client address when listening on :: too: 127.0.0.2 arrives as ::ffff:127.0.0.2, with a budget of its own', async () => {
    const dualStack = await startOurServer({ host: '::', registerRateLimit: { limit: 3, windowMs: 3_000 } });
    try {
      // Published as [::1]; the runner reaches the same listener at 127.0.0.1 to send from 127.0.0.2.
      const { port } = new URL(dualStack.server.baseUrl);
      const report = await runConformance({
        url: `http://127.0.0.1:${port}`,
        includeRegisterLimit: true,
        registerRateLimit: { limit: 3, windowSeconds: 3 },
        only: ['registration-budget-per-address'],
      });
      expect(report.results.map((result) => [result.id, result.status, result.message])).toEqual([
        ['registration-budget-per-address', 'pass', 'after 127.0.0.1 was refused at registration 4 (429), a registration from 127.0.0.2 was admitted (HTTP 201)'],
      ]);
    } finally {
      await dualStack.close();
    }
  });
});
