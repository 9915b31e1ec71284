import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import { ConformanceExitError } from '../../conformance/errors.js';
import { runConformance } from '../../conformance/run.js';
import { runAgainst, withFakeDeployment } from './harness.js';

describe('the conformance runner', () => {
  test('every check passes against a deployment that follows every rule, with the one warning the contract’s 404 earns', async () => {
    // Short-lived tokens and small budgets let the expiry and rate-limit checks finish quickly.
    const report = await withFakeDeployment(
      {
        accessTokenTtlSeconds: 6,
        mcpRateLimit: { limit: 20, windowMs: 2000 },
        registerRateLimit: { limit: 20, windowMs: 2000 },
      },
      (fake) =>
        runAgainst(fake, {
          mcpRateLimit: { limit: 20, windowSeconds: 2 },
          registerRateLimit: { limit: 20, windowSeconds: 2 },
          includeRegisterLimit: true,
        }),
    );
    const notPassed = report.results.filter((result) => result.status !== 'pass');
    // The contract's 404 on GET / is what strict clients reject: the one warning it always gets;
    // the two rules for deployments of the 2026-07-28 era alone skip on one that speaks both.
    expect(notPassed.map((result) => `${result.id}: ${result.status} ${result.message ?? ''}`)).toEqual([
      expect.stringMatching(/^stream-get-strict-clients: warn GET \/ with the token answered HTTP 404/),
      expect.stringMatching(/^modern-initialize-names-versions: skip the deployment speaks 2025-11-25 too/),
      expect.stringMatching(/^modern-legacy-stream-405: skip the deployment speaks 2025-11-25 too/),
    ]);
    expect(report.results).toHaveLength(CATALOG.length);
    expect(report.counts).toEqual({ pass: CATALOG.length - 3, fail: 0, warn: 1, skip: 2 });
  }, 60_000);

  test('the report holds the selected checks only', async () => {
    const report = await withFakeDeployment({}, (fake) => runAgainst(fake, { only: ['discovery'], skip: ['discovery-cors'] }));
    const discovery = CATALOG.filter((check) => check.group === 'discovery' && check.id !== 'discovery-cors');
    expect(report.results.map((result) => result.id)).toEqual(discovery.map((check) => check.id));
  });

  test('checks that need extra input are skipped with the reason', async () => {
    const report = await withFakeDeployment({}, (fake) =>
      runConformance({
        url: fake.url,
        signIn: { kind: 'password', user: fake.user.email, password: fake.user.password },
        only: ['foreign-token-403', 'registration-rate-limit', 'expired-token-401'],
      }),
    );
    expect(report.results.map((result) => [result.id, result.status])).toEqual([
      ['foreign-token-403', 'skip'],
      ['expired-token-401', 'skip'],
      ['registration-rate-limit', 'skip'],
    ]);
    expect(report.results[0]?.message).toContain('--foreign-token');
    expect(report.results[1]?.message).toContain('access tokens live 3600 s');
    expect(report.results[2]?.message).toContain('--include-register-limit');
  });

  test('a failure carries the request and response that show it', async () => {
    const report = await withFakeDeployment({ faults: { omitWwwAuthenticate: true } }, (fake) =>
      runAgainst(fake, { only: ['missing-token-401'] }),
    );
    const [evidence] = report.results[0]?.evidence ?? [];
    expect(evidence?.request).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(evidence?.status).toBe(401);
    expect(evidence?.responseBody).toBe('{"error":"unauthorized"}');
  });

  test('a shared step that fails makes each check needing it fail, naming the step', async () => {
    const report = await withFakeDeployment({ faults: { asMetadataOverrides: { token_endpoint: undefined } } }, (fake) =>
      runAgainst(fake, { only: ['code-single-use', 'refresh-grant'] }),
    );
    for (const result of report.results) {
      expect(result.status).toBe('fail');
      expect(result.message).toBe('could not read the authorization server metadata: the metadata has no "token_endpoint"');
      expect(result.evidence.map((evidence) => evidence.request)).toContain(
        `GET ${report.target}/.well-known/oauth-authorization-server`,
      );
    }
  });

  test('checks that need a person, with no way to sign in, are a usage error', async () => {
    await withFakeDeployment({}, async (fake) => {
      const error = await rejectionOf(runConformance({ url: fake.url, only: ['initialize'] }));
      expect(error).toMatchObject({ exitCode: 2 });
      expect((error as Error).message).toContain('1 of the selected checks need a person to sign in: pass --user and --password');
    });
  });

  test('checks about public documents run without anyone signing in', async () => {
    const report = await withFakeDeployment({}, (fake) => runConformance({ url: fake.url, only: ['discovery', 'registration'] }));
    expect(report.counts.fail).toBe(0);
    expect(report.counts.warn).toBe(0);
  });

  test('a deployment that cannot be reached is a usage error with one line of reason', async () => {
    const url = await closedLoopbackAddress();
    const error = await rejectionOf(runConformance({ url, only: ['discovery'] }));
    expect(error).toBeInstanceOf(ConformanceExitError);
    expect(error).toMatchObject({ exitCode: 2 });
    expect((error as Error).message).toBe(`cannot reach ${url}: ECONNREFUSED`);
  });

  test('a wrong password stops the run as a usage error', async () => {
    const error = await withFakeDeployment({}, (fake) =>
      rejectionOf(
        runConformance({
          url: fake.url,
          signIn: { kind: 'password', user: fake.user.email, password: 'not-the-password' },
          only: ['authorization-code-flow'],
        }),
      ),
    );
    expect(error).toMatchObject({ exitCode: 2 });
    expect((error as Error).message).toBe(
      'the deployment refused the sign-in of alice@example.com (the sign-in form came back): check --user and --password',
    );
  });
});

/** An address on which nothing listens: a port just released by the system. */
async function closedLoopbackAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
