import { describe, expect, test } from 'vitest';
import { describeFaultCases } from '../fault-suite.js';
import { runAgainst, withFakeDeployment } from '../harness.js';

describeFaultCases('rate-limits');

const budget = { fake: { limit: 6, windowMs: 2000 }, runner: { limit: 6, windowSeconds: 2 } };

describe('in-flight-limit-429', () => {
  test('passes where the request past the bound waits its turn and is refused with the contract 429, the held ones served once their bodies end', async () => {
    const report = await withFakeDeployment({ mcpRateLimit: budget.fake }, (fake) =>
      runAgainst(fake, { mcpRateLimit: budget.runner, only: ['in-flight-limit-429', 'mcp-429-shape'] }),
    );
    expect(report.results[0]).toMatchObject({
      status: 'pass',
      message: expect.stringMatching(/^request 5 \(sent while 4 were held open\) was refused after [\d.]+ s with 429 \{"error": "rate_limit_exceeded"\}, Retry-After: 1; 1 refused in all; the held ones: HTTP 200, HTTP 200, HTTP 200, HTTP 200$/),
    });
    expect(report.invariants?.results.find((result) => result.id === 'mcp-429-shape')?.status).toBe('pass');
  });

  test('holds as many requests as --mcp-in-flight says: the fake’s bound of 4 judged with 6 held refuses the held ones past it too', async () => {
    const report = await withFakeDeployment({ mcpRateLimit: { limit: 8, windowMs: 2000 } }, (fake) =>
      runAgainst(fake, { mcpRateLimit: { limit: 8, windowSeconds: 2 }, mcpInFlight: 6, only: ['in-flight-limit-429'] }),
    );
    expect(report.results[0]).toMatchObject({ status: 'pass', message: expect.stringMatching(/; 3 refused in all; the held ones: (HTTP (200|429)(, )?){6}$/) });
  });

  test('skips, saying so, where a request past the bound is served at once: no in-flight bound to judge', async () => {
    const report = await withFakeDeployment({ mcpInFlight: false, mcpRateLimit: budget.fake }, (fake) => runAgainst(fake, { mcpRateLimit: budget.runner, only: ['in-flight-limit-429'] }));
    expect(report.results[0]).toMatchObject({
      status: 'skip',
      message: expect.stringMatching(/^request 5 \(sent while 4 were held open\) was served \(HTTP 200 after [\d.]+ s\): no in-flight bound of 4 or fewer to judge \(--mcp-in-flight\); the held ones: HTTP 200, HTTP 200, HTTP 200, HTTP 200$/),
    });
  });
});
