import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createAuthHost } from './fake/auth-host.js';
import type { Faults } from './fake/faults.js';
import { authorizationServerMetadata, createMcpHost, type McpEra } from './fake/mcp-host.js';
import { FAKE_IN_FLIGHT, FakeInFlight, type FakeInFlightRule } from './fake/rate-limit.js';
import { FakeSlidingLog, type FakeRateRule } from './fake/sliding-log.js';
import { ALICE, BAD_CLIENT_METADATA_URL, CLIENT_METADATA_URL, FakeState, SSO_ONLY } from './fake/state.js';

export type { Faults } from './fake/faults.js';

export interface FakeDeploymentOptions {
  /** Rules to break; none means a deployment that passes every check. */
  readonly faults?: Faults;
  readonly mcpRateLimit?: FakeRateRule;
  readonly registerRateLimit?: FakeRateRule;
  /** One person's requests on the MCP endpoint at once, the rest waiting their turn (survey-mcp's bound); default FAKE_IN_FLIGHT, false for none. */
  readonly mcpInFlight?: FakeInFlightRule | false;
  readonly accessTokenTtlSeconds?: number;
  /** Default 2: short, so the runner's replay checks wait out little; long enough for a busy machine. */
  readonly refreshGraceSeconds?: number;
  /** The one MCP era the deployment speaks; both when left out. */
  readonly offers?: McpEra;
  /** Wrong passwords per account; default 5 in 15 s. */
  readonly signInAccountLimit?: FakeRateRule;
  /** Listen on `::` (IPv4 clients arrive as ::ffff:…), still published at 127.0.0.1. */
  readonly dualStack?: boolean;
}

export interface FakeDeployment {
  /** The MCP host, {base_url}. */
  readonly url: string;
  readonly authUrl: string;
  readonly user: { readonly email: string; readonly password: string };
  /** A valid token of another platform service, for --foreign-token. */
  readonly foreignToken: string;
  /** For --client-metadata-url and --bad-client-metadata-url. */
  readonly clientMetadataUrl: string;
  readonly badClientMetadataUrl: string;
  /** For --connected-apps-url. */
  readonly connectedAppsUrl: string;
  /** For --refresh-grace. */
  readonly refreshGraceSeconds: number;
  /** For --sso-only-email. */
  readonly ssoOnlyEmail: string;
  /** For --sign-in-account-limit. */
  readonly signInAccountLimit: { readonly limit: number; readonly windowSeconds: number };
  close(): Promise<void>;
}

/**
 * A reference deployment of the specification on two ephemeral loopback ports (MCP host and
 * auth host), in memory, that can be broken one rule at a time through `faults`.
 */
export async function startFakeDeployment(options: FakeDeploymentOptions = {}): Promise<FakeDeployment> {
  const faults = options.faults ?? {};
  const state = new FakeState();
  let baseUrl = '';
  let authUrl = '';
  const mcpLimit = new FakeSlidingLog(options.mcpRateLimit ?? { limit: 180, windowMs: 60_000 }, faults, faults.noMcpLimit ?? false);
  const registerLimit = new FakeSlidingLog(
    options.registerRateLimit ?? { limit: 20, windowMs: 60_000 },
    faults,
    faults.noRegisterLimit ?? false,
  );
  const inFlightRule = options.mcpInFlight ?? FAKE_IN_FLIGHT;
  const inFlight = inFlightRule === false ? undefined : new FakeInFlight(inFlightRule);
  const mcpConfig = { state, faults, baseUrl: () => baseUrl, authUrl: () => authUrl, mcpLimit, registerLimit, inFlight, offers: options.offers };
  const mcpHost = await listen(createMcpHost(mcpConfig), options.dualStack ? '::' : '127.0.0.1');
  const refreshGraceSeconds = options.refreshGraceSeconds ?? 2;
  const accountRule = options.signInAccountLimit ?? { limit: 5, windowMs: 15_000 };
  const authHost = await listen(
    createAuthHost({
      state,
      faults,
      issuer: () => baseUrl,
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
      refreshGraceSeconds,
      authorizationServerMetadata: () => authorizationServerMetadata(mcpConfig),
      signInAccountLimit: new FakeSlidingLog(accountRule, {}, false),
    }),
  );
  baseUrl = mcpHost.url;
  authUrl = authHost.url;
  if (faults.confirmationPage || faults.confirmationFault === 'page-not-awaited') state.surveys.page = `${authUrl}/confirm`;
  return {
    url: baseUrl,
    authUrl,
    user: { email: ALICE.email, password: ALICE.password },
    foreignToken: state.foreignToken,
    clientMetadataUrl: CLIENT_METADATA_URL,
    badClientMetadataUrl: BAD_CLIENT_METADATA_URL,
    connectedAppsUrl: `${authUrl}/account/apps`,
    refreshGraceSeconds,
    ssoOnlyEmail: SSO_ONLY.email,
    signInAccountLimit: { limit: accountRule.limit, windowSeconds: accountRule.windowMs / 1000 },
    async close() {
      await Promise.all([mcpHost.close(), authHost.close()]);
    },
  };
}

async function listen(app: Express, host = '127.0.0.1'): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
