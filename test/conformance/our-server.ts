import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ServerConfig } from '../../src/config.js';
import type { ConformanceOptions } from '../../conformance/options.js';
import type { Report } from '../../conformance/report.js';
import { ID_JAG } from '../../conformance/catalog/id-jag.js';
import { CASES } from '../../conformance/tables/index.js';
import { issueServiceToken } from '../../src/oauth/service-tokens.js';
import { systemClock } from '../../src/platform/clock.js';
import { createAccount } from '../../src/platform/accounts.js';
import { operator } from '../../src/platform/context.js';
import { seedLoadSurvey } from '../../src/platform/demo/load.js';
import { shareSurveyAsAdmin } from '../../src/platform/shares.js';
import { startServer, type RunningServer } from '../../src/server.js';
import type { Store } from '../../src/store/store.js';
import { testServerConfig } from '../helpers/server.js';
import { ClientMetadataHost, makeTestCertificates, type TestCertificates } from '../helpers/client-metadata-host.js';

/**
 * A full run against our own server waits out real rate windows, token lifetimes and the refresh
 * grace: short ones keep it under two minutes. The server and the runner must be told the same.
 */
export const shortWindows = {
  server: {
    mcpRateLimit: { limit: 20, windowMs: 3_000 },
    registerRateLimit: { limit: 40, windowMs: 3_000 },
    // Per account 5 times that in 15 times the window: 20 in 15 s, which sign-in-account-budget spends in seconds.
    signInRateLimit: { limit: 4, windowMs: 1_000 },
    seedDemo: true,
    // The runner renews at half a token's life: 2 s left a check 1 s between its token and its
    // request, which a loaded whole-suite run overran (notification-202 got 401).
    accessTokenTtlMs: 4_000,
    refreshGraceMs: 2_000,
  },
  runner: {
    mcpRateLimit: { limit: 20, windowSeconds: 3 },
    registerRateLimit: { limit: 40, windowSeconds: 3 },
    includeRegisterLimit: true,
    refreshGraceSeconds: 2,
    signInAccountLimit: { limit: 20, windowSeconds: 15 },
  },
} satisfies { server: Partial<ServerConfig>; runner: Partial<ConformanceOptions> };

const { mcpRateLimit, registerRateLimit, refreshGraceSeconds, signInAccountLimit } = shortWindows.runner;
/** The same settings as `survey-mcp conformance` flags, for a run of the built CLI. */
export const shortWindowFlags = [
  ...['--mcp-rate-limit', `${mcpRateLimit.limit}/${mcpRateLimit.windowSeconds}`],
  ...['--register-rate-limit', `${registerRateLimit.limit}/${registerRateLimit.windowSeconds}`],
  '--include-register-limit',
  ...['--refresh-grace', String(refreshGraceSeconds)],
  ...['--sign-in-account-limit', `${signInAccountLimit.limit}/${signInAccountLimit.windowSeconds}`],
];

/** The demo person every full run signs in as. */
export const demoSignIn = { kind: 'password', user: 'alice@example.com', password: 'survey-demo' } as const;

/** An account of single sign-on alone (no password signs it in), for --sso-only-email. */
export async function ssoOnlyAccount(store: Store): Promise<string> {
  const email = 'sso-only@example.com';
  await createAccount({ store, clock: systemClock }, operator, { email, name: 'Sam SSO', ssoOnly: true });
  return email;
}

/** A valid token of another platform service (reporting), for the 403 check, issued to the demo's alice. */
export async function foreignToken(store: Store): Promise<string> {
  const alice = (await store.findUserByEmail(demoSignIn.user))!;
  return (await issueServiceToken(store, systemClock, { userId: alice.id, scope: 'reporting', ttlMs: 600_000 })).token;
}

/** The two rules for servers of the 2026-07-28 era alone (by id, sorted): on our dual-era server they skip, saying so. */
/** A survey of Carol's that alice may only view (the demo gives her none): the runner's --viewer-survey-id. */
export async function viewerSurvey(store: Store): Promise<string> {
  const ctx = { store, clock: systemClock };
  const surveyId = await seedLoadSurvey(ctx, operator, { responses: 3, title: 'Shared with alice to view', ownerEmail: 'carol@example.com' });
  await shareSurveyAsAdmin(ctx, operator, { survey_id: surveyId, user_email: demoSignIn.user, role: 'viewer' });
  return surveyId;
}

export const modernOnlyChecks = ['modern-initialize-names-versions', 'modern-legacy-stream-405'];

/**
 * The private_key_jwt rules and the cimd-jwt cases of the tables: `serve` lists none alone unless
 * --client-auth-private-key-jwt, so they skip (the cases as n/a rows), saying so.
 */
const privateKeyJwtSkip = (result: Report['results'][number]): boolean =>
  (result.id.startsWith('private-key-jwt-') || result.id.includes('@cimd-jwt')) && result.status === 'skip' && /none alone is a conforming choice/.test(result.message ?? '');

/** The hand-written private_key_jwt checks, and the table cases of that client kind. */
const PRIVATE_KEY_JWT_CHECKS = 10;
const CIMD_JWT_CASES = CASES.filter((generated) => generated.variant.client === 'cimd-jwt').length;

/** The ID-JAG rules (every check of the catalog's ID_JAG phase): `serve` lists no ID-JAG profile unless --sso-id-jag, so they skip, saying so. */
const idJagSkip = (result: Report['results'][number]): boolean =>
  result.id.startsWith('id-jag-') && result.status === 'skip' && /enterprise-managed authorization is optional/.test(result.message ?? '');

/** Every verdict but a pass, the modern-only skips and the private_key_jwt and ID-JAG skips, as `id: status message`, in run order. */
export function notPassed(report: Report): string[] {
  return report.results
    .filter((result) => result.status !== 'pass' && !modernOnlyChecks.includes(result.id) && !privateKeyJwtSkip(result) && !idJagSkip(result))
    .map((result) => `${result.id}: ${result.status} ${result.message}`);
}

/** The contract's 404 on GET / is what strict clients reject: the one warning it always gets, naming the way out. */
export const contractWarning = expect.stringMatching(
  /^stream-get-strict-clients: warn GET \/ with the token answered HTTP 404.*survey-mcp serve --stream-get-status 405/s,
);

/**
 * Behind a proxy that reads each request body whole before passing it on (as nginx does by
 * default, proxy_request_buffering on), no request reaches the server held open: the request
 * past the in-flight bound is served, and the check skips, saying so.
 */
export const inFlightHiddenByBufferingProxy = expect.stringMatching(/^in-flight-limit-429: skip request 5 \(sent while 4 were held open\) was served .*: no in-flight bound of 4 or fewer to judge/);

/**
 * A whole run against our server, which speaks both eras: the modern-only checks skip, saying
 * the deployment speaks 2025-11-25 too, and every other check passes but for `expected`.
 */
export function expectFullRun(report: Report, expected: readonly unknown[]): void {
  const modernOnly = report.results.filter((result) => modernOnlyChecks.includes(result.id)).map((result) => [result.id, result.status, result.message]);
  expect(modernOnly.sort()).toEqual(modernOnlyChecks.map((id) => [id, 'skip', expect.stringMatching(/^the deployment speaks 2025-11-25 too/)]));
  expect(report.eras).toBe('2025-11-25 and 2026-07-28');
  expect(notPassed(report)).toEqual(expected);
  expect(report.results.filter(privateKeyJwtSkip).length).toBe(PRIVATE_KEY_JWT_CHECKS + CIMD_JWT_CASES);
  expect(report.results.filter(idJagSkip).length).toBe(ID_JAG.length);
  expect(report.results.length).toBeGreaterThanOrEqual(60);
}

/**
 * The client metadata documents QA would host: one the runner authorizes with, one it must see
 * refused. The server trusts `documents.certificates.ca` and fetches from loopback.
 */
export async function hostConformanceDocuments(certificates = makeTestCertificates()) {
  const documents = await ClientMetadataHost.start(certificates);
  const metadata = { client_name: 'survey-mcp conformance', redirect_uris: ['http://127.0.0.1:33418/callback'] };
  documents.document('/conformance.json', metadata);
  // Served as JSON, so that it is refused for its client_id and nothing else.
  documents.document('/mismatched.json', { ...metadata, client_id: documents.url('/other.json') });
  return {
    documents,
    runner: { clientMetadataUrl: documents.url('/conformance.json'), badClientMetadataUrl: documents.url('/mismatched.json') },
    server: { allowPrivateClientMetadata: true },
  };
}

export interface OurServer {
  readonly server: RunningServer;
  /** What the runner needs to authorize with the hosted documents, to read the person's connected apps, and an account of single sign-on alone. */
  readonly documents: { readonly clientMetadataUrl: string; readonly badClientMetadataUrl: string; readonly connectedAppsUrl: string; readonly ssoOnlyEmail: string };
  /** What the server trusts: another document host started with these is fetched from too. */
  readonly certificates: TestCertificates;
  close(): Promise<void>;
}

/**
 * Our server on a fresh SQLite file with the short windows, the demo data and client metadata
 * documents on a host of their own, on a real clock (the runner waits out real windows). Servers
 * given the same `certificates` trust each other's document hosts.
 */
export async function startOurServer(overrides: Partial<ServerConfig> = {}, certificates?: TestCertificates): Promise<OurServer> {
  const cimd = await hostConformanceDocuments(certificates);
  const dir = await mkdtemp(join(tmpdir(), 'survey-mcp-conformance-'));
  const config = testServerConfig(join(dir, 'survey.db'), { ...shortWindows.server, ...cimd.server, ...overrides });
  const server = await startServer(config, { clock: systemClock, clientMetadataFetch: { ca: cimd.documents.certificates.ca } });
  return {
    server,
    documents: { ...cimd.runner, connectedAppsUrl: `${server.authUrl}/account/apps`, ssoOnlyEmail: await ssoOnlyAccount(server.store) },
    certificates: cimd.documents.certificates,
    async close() {
      await server.close();
      await cimd.documents.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
