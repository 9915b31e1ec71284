/**
 * Enterprise-managed authorization: the time from an ID-JAG in the client's hand to its first
 * tool call answered (`node dist/bench/id-jag.js [--runs N]`). Two clients: the bare protocol
 * (the jwt-bearer grant, then `tools/call get_me`), and the MCP SDK 2.x `CrossAppAccessProvider`
 * as an assistant runs it (a 401, discovery of both metadata documents, the grant, `initialize`,
 * the call). The identity provider's token exchange is its own time and is left out: the clock
 * starts with the ID-JAG minted. Server, provider and client share one process on loopback.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Client, CrossAppAccessProvider, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { serverConfig } from '../src/config.js';
import { createAccount } from '../src/platform/accounts.js';
import { operator } from '../src/platform/context.js';
import { systemClock } from '../src/platform/clock.js';
import { startServer } from '../src/server.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' } } });
const runs = Number(values.runs);
const email = 'alice@example.com';

/** The company's identity provider, as far as survey-mcp reads it: OpenID metadata and its keys. */
async function startProvider() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench-1', alg: 'ES256', use: 'sig' };
  const server = createServer((req, res) => {
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const body =
      req.url === '/jwks'
        ? { keys: [jwk] }
        : { issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, response_types_supported: ['code'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['ES256'], code_challenge_methods_supported: ['S256'] };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idJag = (audience: string, clientId: string) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ client_id: clientId, email, email_verified: true, scope: 'mcp_customer', jti: randomUUID() })
      .setProtectedHeader({ alg: 'ES256', kid: 'bench-1', typ: 'oauth-id-jag+jwt' })
      .setIssuer(issuer)
      .setSubject('idp-alice')
      .setAudience(audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(privateKey);
  };
  return { issuer, idJag, close: () => new Promise((resolve) => server.close(resolve)) };
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${samples.length} runs after 3 warm-ups)`;
};

async function measure(label: string, once: () => Promise<void>): Promise<void> {
  for (let i = 0; i < 3; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  console.log(`${label}: ${summary(samples)}`);
}

const provider = await startProvider();
const dir = await mkdtemp(join(tmpdir(), 'survey-mcp-bench-id-jag-'));
// Every run spends one person's MCP budget (180 per 60 s by default), which is not what is measured.
const server = await startServer(
  serverConfig({ port: 0, authPort: 0, db: join(dir, 'bench.db'), seedDemo: false, mcpRateLimit: { limit: 1_000_000, windowMs: 60_000 }, sso: { issuer: provider.issuer, clientId: 'survey-mcp', clientSecret: undefined, name: 'Bench IdP', createAccountsIn: undefined, idJag: true } }, {}),
  { clock: systemClock },
);
try {
  await createAccount({ store: server.store, clock: systemClock }, operator, { email, name: 'Alice', password: 'bench password 1' });
  const registered = await fetch(`${server.baseUrl}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Bench assistant', redirect_uris: ['http://127.0.0.1:9/callback'] }),
  });
  const { client_id: clientId } = (await registered.json()) as { client_id: string };
  const tokenEndpoint = `${server.authUrl}/oauth/token`;

  await measure('bare protocol: jwt-bearer grant + tools/call get_me', async () => {
    const grant = await provider.idJag(server.baseUrl, clientId);
    const token = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: grant, client_id: clientId }),
    });
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const call = await fetch(`${server.baseUrl}/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_me', arguments: {} } }),
    });
    if (call.status !== 200) throw new Error(`get_me answered ${call.status}: ${await call.text()}`);
  });

  await measure('MCP SDK 2.4 CrossAppAccessProvider: 401, discovery, grant, initialize, get_me', async () => {
    const minted = await provider.idJag(server.baseUrl, clientId);
    const authProvider = new CrossAppAccessProvider({ assertion: async () => minted, clientId, clientSecret: undefined as unknown as string, expectedIssuer: server.baseUrl });
    const client = new Client({ name: 'bench', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/`), { authProvider }));
    await client.callTool({ name: 'get_me', arguments: {} });
    await client.close();
  });
} finally {
  await server.close();
  await provider.close();
  await rm(dir, { recursive: true, force: true });
}
