import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverConfig, type ServerConfig } from '../../src/config.js';
import { createAccount } from '../../src/platform/accounts.js';
import { operator } from '../../src/platform/context.js';
import { ManualClock } from '../../src/platform/clock.js';
import { startServer, type ServerDeps } from '../../src/server.js';
import type { Store } from '../../src/store/store.js';

export interface TestServer {
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly store: Store;
  /** Stands still until a test moves it (codes, tokens and sessions read it). */
  readonly clock: ManualClock;
  /** `…/metrics` when the test turned metrics on. */
  readonly metricsUrl?: string;
  /** The SQLite file, for tests that play a party with access to the database. */
  readonly dbPath: string;
  close(): Promise<void>;
}

/** A server on 127.0.0.1, ports 0, over the SQLite file `db`; no demo data unless asked. */
export function testServerConfig(db: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return serverConfig(
    {
      host: '127.0.0.1',
      port: 0,
      authPort: 0,
      db,
      seedDemo: false,
      // Tests sign in far more often than a person; the limit has a test of its own.
      signInRateLimit: { limit: 10_000, windowMs: 60_000 },
      tokenRateLimit: { limit: 100_000, windowMs: 60_000 },
      ...overrides,
    },
    {},
  );
}

/** A test server with a fresh SQLite file in a temp dir. */
export async function startTestServer(overrides: Partial<ServerConfig> = {}, deps: Omit<ServerDeps, 'clock'> = {}): Promise<TestServer> {
  const dir = await mkdtemp(join(tmpdir(), 'survey-mcp-test-'));
  const clock = new ManualClock(Date.now());
  const dbPath = join(dir, 'survey.db');
  const running = await startServer(testServerConfig(dbPath, overrides), { ...deps, clock });
  return {
    dbPath,
    baseUrl: running.baseUrl,
    authUrl: running.authUrl,
    store: running.store,
    clock,
    metricsUrl: running.metricsUrl,
    async close() {
      await running.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const testPassword = 'correct horse battery';

/** Creates a person who can sign in with `testPassword`. */
export async function createTestUser(server: TestServer, email = 'alice@example.com', name = 'Alice Example') {
  return createAccount(server, operator, { email, name, password: testPassword });
}

export interface RegisteredClient {
  client_id: string;
  client_name: string;
  redirect_uris: string[];
  [field: string]: unknown;
}

export async function registerClient(server: TestServer, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const response = await fetch(`${server.baseUrl}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Test Assistant', redirect_uris: ['http://127.0.0.1:9999/callback'], ...metadata }),
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as RegisteredClient;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A minimal cookie jar for one browser: enough for our HttpOnly session and CSRF cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  /** Every Set-Cookie line this browser was sent, in order. */
  readonly received: string[] = [];

  /** `send` is the transport: the global fetch, or one that trusts a test certificate. */
  constructor(private readonly send: typeof fetch = fetch) {}

  /** Adds a cookie as another site could (cookie injection from a sibling host). */
  inject(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** The values of the cookies this browser holds now (secrets a log must never show). */
  values(): string[] {
    return [...this.cookies.values()];
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await this.send(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      this.received.push(line);
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const value = pair.slice(index + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(pair.slice(0, index));
      else this.cookies.set(pair.slice(0, index), value);
    }
    return response;
  }

  /** POSTs a form as a browser on the auth host would (same Origin). */
  postForm(url: string, fields: Record<string, string>): Promise<Response> {
    return this.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(url).origin },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

const unescapeHtml = (text: string): string =>
  text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The hidden fields of the form posting to `action` in a page. */
export function formFields(html: string, action: string): Record<string, string> {
  const start = html.indexOf(`action="${action}"`);
  if (start < 0) throw new Error(`no form posting to ${action} in page:\n${html.slice(0, 500)}`);
  const form = html.slice(start, html.indexOf('</form>', start));
  const fields: Record<string, string> = {};
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = unescapeHtml(match[2]!);
  }
  return fields;
}

export interface AuthorizeOptions {
  readonly client: RegisteredClient;
  readonly email?: string;
  readonly decision?: 'approve' | 'deny';
  readonly state?: string;
  readonly redirectUri?: string;
  readonly challenge?: string;
  readonly method?: 'S256' | 'plain';
  readonly jar?: CookieJar;
  readonly extra?: Record<string, string>;
}

export function authorizeUrl(server: TestServer, options: AuthorizeOptions & { challenge: string }): string {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: options.client.client_id,
    redirect_uri: options.redirectUri ?? options.client.redirect_uris[0]!,
    code_challenge: options.challenge,
    code_challenge_method: options.method ?? 'S256',
    state: options.state ?? 'test-state',
    ...options.extra,
  });
  return `${server.authUrl}/oauth/authorize?${params}`;
}

/** Signs in on the page the authorize URL shows; returns the consent page's HTML. */
export async function signIn(server: TestServer, jar: CookieJar, url: string, email: string): Promise<string> {
  const page = await (await jar.fetch(url)).text();
  const signedIn = await jar.postForm(`${server.authUrl}/sign-in`, { ...formFields(page, '/sign-in'), email, password: testPassword });
  if (signedIn.status !== 303) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  return (await jar.fetch(new URL(signedIn.headers.get('location')!, server.authUrl).href)).text();
}

/**
 * The whole browser part over plain HTTP: authorize, sign in, consent, decide. Returns the
 * redirect back to the client with its query parameters.
 */
export async function runAuthorization(server: TestServer, options: AuthorizeOptions & { challenge: string }) {
  const jar = options.jar ?? new CookieJar();
  const url = authorizeUrl(server, options);
  const initial = await jar.fetch(url);
  const page = await initial.text();
  const consent = page.includes('action="/sign-in"') ? await signIn(server, jar, url, options.email ?? 'alice@example.com') : page;
  const decided = await jar.postForm(`${server.authUrl}/oauth/authorize`, {
    ...formFields(consent, '/oauth/authorize'),
    decision: options.decision ?? 'approve',
  });
  if (decided.status !== 303) throw new Error(`decision failed: ${decided.status} ${await decided.text()}`);
  const location = new URL(decided.headers.get('location')!);
  return { location, params: location.searchParams, jar, consent };
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

export function postToken(server: TestServer, fields: Record<string, string>): Promise<Response> {
  return fetch(`${server.authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The token request for a code that was sent to the client's first redirect URI. */
export function redeemCode(server: TestServer, client: RegisteredClient, code: string, verifier: string): Promise<Response> {
  return postToken(server, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirect_uris[0]!,
    client_id: client.client_id,
    code_verifier: verifier,
  });
}

/** Register (if needed), authorize as the person, exchange the code: a ready bearer token. */
export async function obtainTokens(
  server: TestServer,
  options: { client?: RegisteredClient; email?: string } = {},
): Promise<{ client: RegisteredClient; tokens: TokenResponse }> {
  const client = options.client ?? (await registerClient(server));
  const { verifier, challenge } = pkcePair();
  const { params } = await runAuthorization(server, { client, challenge, email: options.email });
  const response = await redeemCode(server, client, params.get('code')!, verifier);
  if (response.status !== 200) throw new Error(`token exchange failed: ${response.status} ${await response.text()}`);
  return { client, tokens: (await response.json()) as TokenResponse };
}

/** Response bodies in tests: read loosely, asserted exactly. */
export type Json = Record<string, any>;

export const readJson = async (response: Response): Promise<Json> => (await response.json()) as Json;
