import { createServer, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import { SetupFailed } from '../../conformance/errors.js';
import { silentProgress } from '../../conformance/progress.js';
import { runConformance } from '../../conformance/run.js';
import { makeTestCertificates } from '../helpers/client-metadata-host.js';
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
    expect(report.counts).toEqual({ pass: CATALOG.length - 3, fail: 0, warn: 1, skip: 2, 'not-verified': 0, blocked: 0 });
  }, 120_000);

  test('budget-shared-per-person spends the whole budget itself after a quiet window, so no earlier admission can age out between its two tokens', async () => {
    // Right after mcp-rate-limit-enforced the window is full of that check's admissions; spending
    // from there, a slot they free would reach the second token and read as a second budget.
    const limit = { fake: { limit: 5, windowMs: 1000 }, runner: { limit: 5, windowSeconds: 1 } };
    const report = await withFakeDeployment({ mcpRateLimit: limit.fake }, (fake) =>
      runAgainst(fake, { only: ['mcp-rate-limit-enforced', 'budget-shared-per-person'], mcpRateLimit: limit.runner }),
    );
    expect(report.results.map((result) => [result.id, result.status, result.message])).toEqual([
      ['mcp-rate-limit-enforced', 'pass', expect.any(String)],
      ['budget-shared-per-person', 'pass', "after a quiet window the first client's token spent the budget (5 requests admitted), and a second client's token got 429"],
    ]);
  });

  test('the report holds the selected checks only', async () => {
    const report = await withFakeDeployment({}, (fake) => runAgainst(fake, { only: ['discovery'], skip: ['discovery-cors'] }));
    const discovery = CATALOG.filter((check) => check.group === 'discovery' && check.id !== 'discovery-cors');
    expect(report.results.map((result) => result.id)).toEqual(discovery.map((check) => check.id));
  });

  test('--only and --skip choose the invariants judged, and the report counts what each judged', async () => {
    const report = await withFakeDeployment({}, (fake) => runAgainst(fake, { only: ['discovery', 'metadata-served-as-json', 'no-server-errors'], skip: ['no-server-errors'] }));
    expect(report.invariants?.results.map((result) => [result.id, result.status])).toEqual([['metadata-served-as-json', 'pass']]);
    const judged = report.invariants?.results[0]?.exchangesJudged ?? 0;
    expect(judged).toBeGreaterThan(0);
    expect(report.invariants?.judgements).toBe(judged);
    const byHost = report.invariants?.results[0]?.exchangesJudgedByHost ?? {};
    expect((byHost.mcp ?? 0) + (byHost.auth ?? 0) + (byHost.elsewhere ?? 0)).toBe(judged);
    // No case was selected: every endpoint's table is counted, none run.
    expect(report.variants?.map((counts) => [counts.endpoint, counts.selected])).toEqual([['authorize', 0], ['token', 0], ['revocation', 0]]);
  });

  test('--fail-fast stops at the first failed check, and the report holds the checks run up to it', async () => {
    const fake = { faults: { prmOverrides: { resource: 'https://elsewhere.example' } } };
    const discovery = CATALOG.filter((check) => check.group === 'discovery').map((check) => check.id);
    const whole = await withFakeDeployment(fake, (deployment) => runAgainst(deployment, { only: ['discovery'] }));
    const failed = whole.results.findIndex((result) => result.status === 'fail');
    expect(failed).toBeGreaterThanOrEqual(0);
    expect(failed).toBeLessThan(discovery.length - 1);
    const fast = await withFakeDeployment(fake, (deployment) => runAgainst(deployment, { only: ['discovery'], failFast: true }));
    expect(fast.results.map((result) => result.id)).toEqual(discovery.slice(0, failed + 1));
    expect(fast.results.at(-1)?.status).toBe('fail');
  });

  test('checks that need extra input are not verified, with the reason; a rule that does not apply is skipped', async () => {
    const report = await withFakeDeployment({}, (fake) =>
      runConformance({
        url: fake.url,
        signIn: { kind: 'password', user: fake.user.email, password: fake.user.password },
        only: ['foreign-token-403', 'registration-rate-limit', 'expired-token-401'],
      }),
    );
    expect(report.results.map((result) => [result.id, result.status])).toEqual([
      ['foreign-token-403', 'not-verified'],
      ['expired-token-401', 'skip'],
      ['registration-rate-limit', 'not-verified'],
    ]);
    expect(report.results[0]?.message).toContain('--foreign-token');
    expect(report.results[1]?.message).toContain('access tokens live 3600 s');
    expect(report.results[2]?.message).toContain('--include-register-limit');
  });

  test('registration-budget-per-address sends from --second-client-address when given, and an address this machine cannot send from leaves it not verified', async () => {
    const limits = { fake: { registerRateLimit: { limit: 3, windowMs: 2000 } }, run: { includeRegisterLimit: true, registerRateLimit: { limit: 3, windowSeconds: 2 }, only: ['registration-budget-per-address'] } };
    const given = await withFakeDeployment(limits.fake, (fake) => runAgainst(fake, { ...limits.run, secondClientAddress: '127.0.0.2' }));
    // TEST-NET-1 (RFC 5737): no interface of this machine holds it.
    const foreign = await withFakeDeployment(limits.fake, (fake) => runAgainst(fake, { ...limits.run, secondClientAddress: '192.0.2.7' }));
    expect([...given.results, ...foreign.results].map((result) => [result.status, result.message])).toEqual([
      ['pass', "after this machine's usual address was refused at registration 4 (429), a registration from 127.0.0.2 was admitted (HTTP 201)"],
      ['not-verified', expect.stringMatching(/^this machine cannot send from 192\.0\.2\.7 to http:\/\/127\.0\.0\.1:\d+\/register \(EADDRNOTAVAIL\): give --second-client-address an address of its own$/)],
    ]);
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

  test('a shared step that fails makes the first check needing it fail, naming the step, and blocks the others', async () => {
    const report = await withFakeDeployment({ faults: { asMetadataOverrides: { token_endpoint: undefined } } }, (fake) =>
      runAgainst(fake, { only: ['code-single-use', 'refresh-grant'] }),
    );
    const [root, ...dependants] = report.results;
    expect(root!.status).toBe('fail');
    expect(root!.message).toBe('could not read the authorization server metadata: the metadata has no "token_endpoint"');
    expect(root!.evidence.map((evidence) => evidence.request)).toContain(`GET ${report.target}/.well-known/oauth-authorization-server`);
    expect(dependants.length).toBeGreaterThan(0);
    for (const result of dependants) {
      expect(result.status).toBe('blocked');
      expect(result.blockedBy).toBe(root!.id);
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
    expect(error).toBeInstanceOf(SetupFailed);
    expect(error).toMatchObject({ exitCode: 2 });
    expect((error as Error).message).toBe(`cannot reach ${url}: ECONNREFUSED`);
  });

  test('an https deployment whose certificate is not trusted is a setup error saying how to trust it', async () => {
    const certificates = makeTestCertificates();
    const server = createHttpsServer({ key: certificates.key, cert: certificates.cert }, (_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const error = await rejectionOf(runConformance({ url, only: ['discovery'] }));
      expect(error).toBeInstanceOf(SetupFailed);
      expect((error as Error).message).toBe(
        `cannot reach ${url}: its TLS certificate is not trusted (UNABLE_TO_VERIFY_LEAF_SIGNATURE); to trust it, run with NODE_EXTRA_CA_CERTS=/path/ca.pem (the CA that signed it, or the certificate itself when self-signed)`,
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test('a sign-in page the headless runner cannot fill in is a setup error pointing to --browser', async () => {
    const error = await withSingleSignOnDeployment((url) =>
      rejectionOf(
        runConformance({ url, signIn: { kind: 'password', user: 'alice@example.com', password: 'x' }, only: ['authorization-code-flow'] }),
      ),
    );
    expect(error).toBeInstanceOf(SetupFailed);
    expect((error as Error).message).toMatch(
      /^cannot sign in headless: the authorization stopped at GET http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+ \(HTTP 200\) instead of redirecting; the runner fills in a password form and a consent form, so sign in yourself with --browser$/,
    );
  });

  test('a wrong password stops the run as a setup error, before any check', async () => {
    const started: string[] = [];
    const error = await withFakeDeployment({}, (fake) =>
      rejectionOf(
        runConformance({
          url: fake.url,
          signIn: { kind: 'password', user: fake.user.email, password: 'not-the-password' },
          only: ['discovery', 'authorization-code-flow'],
          progress: { ...silentProgress, checkStarted: (id) => started.push(id) },
        }),
      ),
    );
    expect(started).toEqual([]);
    expect(error).toBeInstanceOf(SetupFailed);
    expect((error as Error).message).toBe(
      'the deployment refused the sign-in of alice@example.com (the sign-in form came back): check --user and --password',
    );
  });
});

/**
 * A deployment whose sign-in is single sign-on: the authorization endpoint shows a link to the
 * company's identity provider, with no password field for the headless runner to fill in.
 */
async function withSingleSignOnDeployment<T>(work: (url: string) => Promise<T>): Promise<T> {
  let base = '';
  const json = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', base).pathname;
    if (path === '/.well-known/oauth-protected-resource') return json(res, 200, { resource: base, authorization_servers: [base] });
    if (path === '/.well-known/oauth-authorization-server') {
      return json(res, 200, { issuer: base, authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token` });
    }
    if (path === '/register' && req.method === 'POST') return json(res, 201, { client_id: 'cli_sso' });
    if (path === '/authorize') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<a href="https://idp.example/saml">Sign in with your company account</a>');
      return;
    }
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    return await work(base);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

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
