/**
 * Issue 36: what an operator watches. A server with metrics and the JSON log on takes a mixed
 * workload (both eras, a tool error, 401, 403, 429, a code grant, a refresh, a revocation, a
 * password and an SSO sign-in, client metadata documents fetched, gone and invalid); the counters, the log lines and what they must never contain
 * are checked against what the test did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientMetadataHost } from '../helpers/client-metadata-host.js';
import { callTool, postMcp, rpc, tokenFor } from '../helpers/mcp.js';
import { TestOpenIdProvider, providerClientId } from '../helpers/openid-provider.js';
import {
  authorizeUrl,
  createTestUser,
  formFields,
  pkcePair,
  postToken,
  redeemCode,
  registerClient,
  runAuthorization,
  startTestServer,
  testPassword,
  type TestServer,
  type TokenResponse,
} from '../helpers/server.js';
import { ssoAuthorization } from '../helpers/sso.js';

const lines: string[] = [];
const logDestination = { write: (line: string) => void lines.push(line) };

let idp: TestOpenIdProvider;
let documents: ClientMetadataHost;
let server: TestServer;
/** Every secret the workload handled: none may reach the log or the metrics. */
const secrets: string[] = [testPassword];

const modernEnvelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

function modernCall(token: string, tool: string) {
  return fetch(`${server.baseUrl}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': tool,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: {}, _meta: modernEnvelope } }),
  });
}

/** `name{labels} value` lines of the metrics text, as `{labels} → value` for one metric. */
function samples(text: string, name: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const space = line.lastIndexOf(' ');
    found.set(line.slice(name.length, space), Number(line.slice(space + 1)));
  }
  return found;
}

const value = (text: string, name: string, labels: string) => samples(text, name).get(`{${labels}}`) ?? 0;

let metricsText = '';

beforeAll(async () => {
  idp = await TestOpenIdProvider.start({ accounts: { alice: { email: 'alice@example.com', email_verified: true } } });
  documents = await ClientMetadataHost.start();
  server = await startTestServer(
    {
      allowPrivateClientMetadata: true,
      mcpRateLimit: { limit: 20, windowMs: 60_000 },
      metrics: { host: '127.0.0.1', port: 0 },
      log: { format: 'json', level: 'info' },
      sso: { issuer: idp.issuer, clientId: providerClientId, clientSecret: undefined, name: 'Acme ID', createAccountsIn: undefined },
    },
    { logDestination, clientMetadataFetch: { ca: documents.certificates.ca } },
  );
  idp.allowRedirect(`${server.authUrl}/sso/callback`);
  await createTestUser(server);
  await createTestUser(server, 'bob@example.com', 'Bob Example');
  const client = await registerClient(server);

  // A code grant after a password sign-in, the token used in both eras, a refresh, a revocation.
  const { verifier, challenge } = pkcePair();
  const { params, jar } = await runAuthorization(server, { client, challenge });
  const code = params.get('code')!;
  const tokens = (await (await redeemCode(server, client, code, verifier)).json()) as TokenResponse;
  secrets.push(code, tokens.access_token, tokens.refresh_token!, ...jar.values());
  expect((await callTool(server, tokens.access_token, 'get_me')).isError).toBe(false);
  expect((await callTool(server, tokens.access_token, 'get_survey', { survey_id: 'srv_missing' })).isError).toBe(true);
  expect((await modernCall(tokens.access_token, 'get_me')).status).toBe(200);
  const refreshed = (await (await postToken(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: client.client_id })).json()) as TokenResponse;
  secrets.push(refreshed.access_token, refreshed.refresh_token!);
  const revoked = await fetch(`${server.authUrl}/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: refreshed.refresh_token!, client_id: client.client_id }),
  });
  expect(revoked.status).toBe(200);

  // 401 without a token and with the revoked one, 403 for another service's token.
  expect((await postMcp(server, rpc('tools/list'))).status).toBe(401);
  expect((await postMcp(server, rpc('tools/list'), { token: refreshed.access_token })).status).toBe(401);
  const foreign = await tokenFor(server, 'bob@example.com', 'reporting');
  secrets.push(foreign);
  expect((await postMcp(server, rpc('tools/list'), { token: foreign })).status).toBe(403);

  // Bob spends his budget of 20, and one more is refused.
  const bob = await tokenFor(server, 'bob@example.com');
  secrets.push(bob);
  for (let i = 0; i < 20; i++) expect((await postMcp(server, rpc('ping'), { token: bob })).status).toBe(200);
  expect((await postMcp(server, rpc('ping'), { token: bob })).status).toBe(429);

  // A sign-in through the company's provider, and a wrong password.
  const sso = await ssoAuthorization(server, client, 'alice');
  expect(new URL(sso.landing.url).pathname).toBe('/oauth/authorize');
  secrets.push(...sso.jar.values());
  const signInPage = await (await fetch(`${server.authUrl}/account/apps`)).text();
  const wrong = await fetch(`${server.authUrl}/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.authUrl },
    body: new URLSearchParams({ ...formFields(signInPage, '/sign-in'), email: 'alice@example.com', password: 'not the password' }),
  });
  expect(wrong.status).toBeGreaterThanOrEqual(400);

  // Client metadata documents: one fetched, one gone (404), one invalid (it names a secret).
  const app = { client_name: 'Documented', redirect_uris: ['http://127.0.0.1:43117/callback'], token_endpoint_auth_method: 'none' };
  const { challenge: documentChallenge } = pkcePair();
  for (const [url, status] of [
    [documents.document('/good.json', app), 200],
    [documents.url('/gone.json'), 400],
    [documents.document('/secret.json', { ...app, client_secret: 'x' }), 400],
  ] as const) {
    const client = { client_id: url, client_name: app.client_name, redirect_uris: app.redirect_uris };
    expect((await fetch(authorizeUrl(server, { client, challenge: documentChallenge }), { redirect: 'manual' })).status).toBe(status);
  }

  metricsText = await (await fetch(server.metricsUrl!)).text();
}, 60_000);

afterAll(async () => {
  await server?.close();
  await idp?.close();
  await documents?.close();
});

describe('metrics', () => {
  it('counts MCP requests by era, method and outcome: ok, tool error, 401, 403 and 429', () => {
    const requests = 'survey_mcp_http_requests_total';
    expect(value(metricsText, requests, 'host="mcp",route="/",era="2025-11-25",method="tools/call",outcome="ok"')).toBe(1);
    expect(value(metricsText, requests, 'host="mcp",route="/",era="2025-11-25",method="tools/call",outcome="tool_error"')).toBe(1);
    expect(value(metricsText, requests, 'host="mcp",route="/",era="2026-07-28",method="tools/call",outcome="ok"')).toBe(1);
    expect(value(metricsText, requests, 'host="mcp",route="/",era="none",method="POST",outcome="401"')).toBe(2);
    expect(value(metricsText, requests, 'host="mcp",route="/",era="none",method="POST",outcome="403"')).toBe(1);
    expect(value(metricsText, requests, 'host="mcp",route="/",era="2025-11-25",method="ping",outcome="ok"')).toBe(20);
    expect(value(metricsText, requests, 'host="mcp",route="/",era="none",method="POST",outcome="429"')).toBe(1);
    expect(value(metricsText, 'survey_mcp_refusals_total', 'reason="rate-limit"')).toBe(1);
  });

  it('counts tokens issued, refreshed and revoked, and sign-ins by method and outcome', () => {
    expect(value(metricsText, 'survey_mcp_tokens_total', 'event="issued",grant="authorization_code"')).toBe(1);
    expect(value(metricsText, 'survey_mcp_tokens_total', 'event="refreshed",grant="refresh_token"')).toBe(1);
    expect(value(metricsText, 'survey_mcp_tokens_total', 'event="revoked",grant="none"')).toBe(1);
    expect(value(metricsText, 'survey_mcp_sign_ins_total', 'method="password",outcome="success"')).toBe(1);
    expect(value(metricsText, 'survey_mcp_sign_ins_total', 'method="password",outcome="refused"')).toBe(1);
    expect(value(metricsText, 'survey_mcp_sign_ins_total', 'method="sso",outcome="success"')).toBe(1);
  });

  it('counts client metadata document fetches by outcome', () => {
    expect([...samples(metricsText, 'survey_mcp_client_metadata_fetches_total')]).toEqual([
      ['{outcome="fetched"}', 1],
      ['{outcome="document_gone"}', 1],
      ['{outcome="invalid_document"}', 1],
    ]);
  });

  it('times requests, store operations and the rate log, and exports the process metrics', () => {
    expect(value(metricsText, 'survey_mcp_http_request_duration_seconds_count', 'host="mcp",route="/",outcome="ok"')).toBeGreaterThanOrEqual(22);
    expect(value(metricsText, 'survey_mcp_store_operation_duration_seconds_count', 'store="sqlite",operation="findUserByEmail"')).toBeGreaterThan(0);
    expect(value(metricsText, 'survey_mcp_store_operation_duration_seconds_count', 'store="rate-log",operation="consume"')).toBeGreaterThan(20);
    expect(metricsText).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(metricsText).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('keeps every label value from a closed set: no person, survey, client or secret', () => {
    const labelValues = [...metricsText.matchAll(/="([^"]*)"/g)].map((match) => match[1]!);
    expect(labelValues.filter((label) => /usr_|srv_|@|example|Test Assistant/.test(label))).toEqual([]);
    for (const secret of secrets) expect(metricsText).not.toContain(secret);
  });

  it('listens on loopback only, and answers only GET /metrics', async () => {
    expect(new URL(server.metricsUrl!).hostname).toBe('127.0.0.1');
    expect((await fetch(server.metricsUrl!.replace('/metrics', '/'))).status).toBe(404);
  });
});

describe('the structured log', () => {
  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('writes one JSON line per request, with its id, person, client, era, method, tool, status and duration', () => {
    const requests = parsed().filter((line) => line.msg === 'request');
    expect(requests.length).toBeGreaterThan(30);
    const toolError = requests.find((line) => line.outcome === 'tool_error')!;
    expect(toolError).toMatchObject({ host: 'mcp', status: 200, era: '2025-11-25', rpcMethod: 'tools/call', tool: 'get_survey' });
    expect(toolError.userId).toMatch(/^usr_/);
    expect(typeof toolError.clientId).toBe('string');
    expect(toolError.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof toolError.durationMs).toBe('number');
    expect(requests.find((line) => line.era === '2026-07-28')).toMatchObject({ tool: 'get_me', outcome: 'ok' });
  });

  it('never carries a token, a code, a password, a cookie or an email', () => {
    const text = lines.join('');
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text.match(/@example\.com|bearer |cookie|password/i)).toBeNull();
  });
});

describe('request ids', () => {
  it('echoes a generated id in X-Request-Id, and ignores one a client sends when no proxy is trusted', async () => {
    const response = await fetch(`${server.baseUrl}/healthz`, { headers: { 'x-request-id': 'client-chosen' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health', () => {
  it('answers /healthz and /readyz without a token, outside the rate limit, revealing no configuration', async () => {
    for (let i = 0; i < 25; i++) expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    const live = await fetch(`${server.baseUrl}/healthz`);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});
