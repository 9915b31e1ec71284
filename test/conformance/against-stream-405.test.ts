import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/run.js';
import { demoSignIn, expectFullRun, foreignToken, shortWindows, startOurServer, type OurServer } from './our-server.js';

// `serve --stream-get-status 405` on SQLite, as the README offers it for strict clients.
let ours: OurServer;
beforeAll(async () => {
  ours = await startOurServer({ streamGetStatus: 405 });
});
afterAll(() => ours.close());

describe('survey-mcp conformance against survey-mcp serve --stream-get-status 405', () => {
  it('fails stream-request-404 alone, as the README says, and passes stream-get-strict-clients and every other check', async () => {
    const report = await runConformance({
      url: ours.server.baseUrl,
      signIn: demoSignIn,
      foreignToken: await foreignToken(ours.server.store),
      ...shortWindows.runner,
      ...ours.documents,
    });

    expectFullRun(report, [expect.stringMatching(/^stream-request-404: fail GET \/ with the token: expected HTTP 404, got HTTP 405 /)]);
    expect(report.results.find((result) => result.id === 'stream-get-strict-clients')?.status).toBe('pass');
    // in-flight-limit-429 waits out the server's 10 s queue.
  }, 150_000);
});
