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
  }, 120_000);

  it('a wrong password ends the run as a setup error naming the sign-in page’s 401, before any check', async () => {
    const error = await runConformance({
      url: server.baseUrl,
      signIn: { kind: 'password', user: 'alice@example.com', password: 'not-the-password' },
      only: ['discovery', 'authorization-code-flow'],
    }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(SetupFailed);
    expect((error as Error).message).toBe(
      `the deployment refused the sign-in of alice@example.com (${server.authUrl}/sign-in answered HTTP 401): check --user and --password`,
    );
  });

});
