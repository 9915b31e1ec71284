import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthApp } from '../../src/http/auth-app.js';
import { createMcpApp } from '../../src/http/mcp-app.js';
import { defaultFetchPolicy } from '../../src/oauth/client-metadata/fetch-document.js';
import { ClientMetadataResolver } from '../../src/oauth/client-metadata/resolver.js';
import { startTestServer, readJson, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (path: string, init?: RequestInit) => fetch(`${server.baseUrl}${path}`, { redirect: 'manual', ...init });

const hasNull = (value: unknown): boolean =>
  value === null || (typeof value === 'object' && Object.values(value as object).some(hasNull));

describe('discovery documents', () => {
  it('publishes protected-resource metadata naming the issuer, with no trailing slash', async () => {
    const response = await get('/.well-known/oauth-protected-resource');
    expect(response.status).toBe(200);
    const prm = await readJson(response);
    expect(prm.resource).toBe(server.baseUrl);
    expect(prm.authorization_servers).toEqual([server.baseUrl]);
    expect(prm.scopes_supported).toEqual(['mcp_customer']);
    expect(server.baseUrl.endsWith('/')).toBe(false);
  });

  it('serves the same protected-resource metadata at the path-aware form with a trailing slash', async () => {
    const root = await readJson(await get('/.well-known/oauth-protected-resource'));
    const pathAware = await get('/.well-known/oauth-protected-resource/');
    expect(pathAware.status).toBe(200);
    expect(await readJson(pathAware)).toEqual(root);
  });

  it('publishes authorization-server metadata with exactly the parameters of spec section 5.2', async () => {
    const metadata = await readJson(await get('/.well-known/oauth-authorization-server'));
    expect(metadata).toMatchObject({
      issuer: server.baseUrl,
      authorization_endpoint: `${server.authUrl}/oauth/authorize`,
      token_endpoint: `${server.authUrl}/oauth/token`,
      revocation_endpoint: `${server.authUrl}/oauth/revoke`,
      registration_endpoint: `${server.baseUrl}/register`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256', 'plain'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['mcp_customer'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    });
    expect(hasNull(metadata)).toBe(false);
  });

  it('serves an openid-configuration identical to the authorization-server metadata', async () => {
    const as = await (await get('/.well-known/oauth-authorization-server')).text();
    const oidc = await get('/.well-known/openid-configuration');
    expect(oidc.status).toBe(200);
    const document = JSON.parse(await oidc.text());
    expect(document).toEqual(JSON.parse(as));
    expect(document.jwks_uri).toBe(`${server.baseUrl}/.well-known/jwks.json`);
    expect(document.subject_types_supported).toEqual(['public']);
    expect(document.id_token_signing_alg_values_supported).toEqual(['RS256']);
    expect((await get('/.well-known/jwks.json')).status).toBe(200);
  });

  it('opens CORS on discovery and exposes the headers browser clients need', async () => {
    const response = await get('/.well-known/oauth-protected-resource', { headers: { origin: 'http://localhost:6274' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = response.headers.get('access-control-expose-headers') ?? '';
    for (const header of ['WWW-Authenticate', 'Retry-After', 'MCP-Protocol-Version']) expect(exposed).toContain(header);
  });

  it('answers an OPTIONS preflight with 204 before any bearer check, on discovery and on the MCP path', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/register', '/']) {
      const response = await get(path, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:6274',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
        },
      });
      expect(response.status, path).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-headers')).toContain('mcp-protocol-version');
    }
  });
});

describe('metadata on the auth host, where clients that derive it from the authorization endpoint look', () => {
  const onAuth = (path: string, init?: RequestInit) => fetch(`${server.authUrl}${path}`, { redirect: 'manual', ...init });

  it('serves both documents byte for byte as on the MCP host, issuer {base_url} included', async () => {
    for (const name of ['oauth-authorization-server', 'openid-configuration']) {
      const [mcp, auth] = await Promise.all([get(`/.well-known/${name}`), onAuth(`/.well-known/${name}`)]);
      expect(auth.status, name).toBe(200);
      expect(auth.headers.get('content-type')).toBe(mcp.headers.get('content-type'));
      expect(auth.headers.get('cache-control')).toBe(mcp.headers.get('cache-control'));
      const body = await auth.text();
      expect(body).toBe(await mcp.text());
      expect(JSON.parse(body).issuer).toBe(server.baseUrl);
    }
  });

  it('opens them to browsers with the MCP host’s CORS rules, preflight included', async () => {
    for (const name of ['oauth-authorization-server', 'openid-configuration']) {
      const init = { headers: { origin: 'http://localhost:6274' } };
      const [mcp, auth] = await Promise.all([get(`/.well-known/${name}`, init), onAuth(`/.well-known/${name}`, init)]);
      for (const header of ['access-control-allow-origin', 'access-control-expose-headers']) {
        expect(auth.headers.get(header), `${name} ${header}`).toBe(mcp.headers.get(header));
      }
      const preflight = { method: 'OPTIONS', headers: { origin: 'http://localhost:6274', 'access-control-request-method': 'GET', 'access-control-request-headers': 'mcp-protocol-version' } };
      const [mcpPreflight, authPreflight] = await Promise.all([get(`/.well-known/${name}`, preflight), onAuth(`/.well-known/${name}`, preflight)]);
      expect(authPreflight.status, name).toBe(204);
      for (const header of ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers', 'access-control-max-age']) {
        expect(authPreflight.headers.get(header), `${name} ${header}`).toBe(mcpPreflight.headers.get(header));
      }
    }
  });

  // Qwen Code 0.15.10 and 0.24.4, as seen (issue 23): the PRM on the MCP host, the authorization
  // server's metadata there, then both well-known documents at the authorization endpoint's
  // origin (it stopped at their 404 before), then registration at the endpoint they name.
  it("answers Qwen Code's lookups all the way to registration", async () => {
    const prm = await readJson(await get('/.well-known/oauth-protected-resource'));
    const issuer = prm.authorization_servers[0] as string;
    const metadata = await readJson(await fetch(`${issuer}/.well-known/oauth-authorization-server`));
    const authOrigin = new URL(metadata.authorization_endpoint).origin;
    expect(authOrigin).toBe(server.authUrl);
    const [asResponse, oidcResponse] = await Promise.all([
      fetch(`${authOrigin}/.well-known/oauth-authorization-server`),
      fetch(`${authOrigin}/.well-known/openid-configuration`),
    ]);
    expect([asResponse.status, oidcResponse.status]).toEqual([200, 200]);
    const fromAuthHost = await readJson(asResponse);
    expect(await readJson(oidcResponse)).toEqual(fromAuthHost);
    const registered = await fetch(fromAuthHost.registration_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Qwen Code', redirect_uris: ['http://localhost:7777/oauth/callback'], grant_types: ['authorization_code', 'refresh_token'], token_endpoint_auth_method: 'none' }),
    });
    expect(registered.status).toBe(201);
    expect((await readJson(registered)).client_id).toMatch(/^cli_/);
  });
});

describe('discovery behind a reverse proxy', () => {
  /** Both hosts' settings when {base_url} is https://example.com/surveys behind a proxy; no fetch is ever limited. */
  function proxiedContext() {
    const slidingLog = { consume: async () => ({ allowed: true as const }), close: async () => {} };
    const clientMetadata = new ClientMetadataResolver({ policy: defaultFetchPolicy, clock: server.clock, slidingLog });
    const context = { store: server.store, clock: server.clock, issuer: 'https://example.com/surveys', authUrl: 'https://auth.example.com', accessTokenTtlMs: 3_600_000, refreshGraceMs: 60_000, clientMetadata };
    return { slidingLog, context };
  }

  it('publishes the configured URLs and serves the path-aware forms for a base URL with a path', async () => {
    const { slidingLog, context } = proxiedContext();
    const app = createMcpApp({
      context,
      slidingLog,
      registerRateLimit: { limit: 20, windowMs: 60_000 },
      trustProxy: true,
      readiness: { store: server.store, slidingLog, draining: () => false },
    });
    const listener = app.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    const origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    try {
      for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/surveys']) {
        const prm = await readJson(await fetch(`${origin}${path}`));
        expect(prm.resource, path).toBe('https://example.com/surveys');
        expect(prm.authorization_servers).toEqual(['https://example.com/surveys']);
      }
      const metadata = await readJson(await fetch(`${origin}/.well-known/oauth-authorization-server/surveys`));
      expect(metadata.issuer).toBe('https://example.com/surveys');
      expect(metadata.token_endpoint).toBe('https://auth.example.com/oauth/token');
    } finally {
      listener.close();
    }
  });

  it('serves the path-aware forms on the auth host too', async () => {
    const { slidingLog, context } = proxiedContext();
    const app = createAuthApp({
      context,
      slidingLog,
      signInRateLimit: { limit: 20, windowMs: 60_000 },
      tokenRateLimit: { limit: 20, windowMs: 60_000 },
      tokenGrantRateLimit: { limit: 20, windowMs: 60_000 },
      trustProxy: true,
    });
    const listener = app.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    const origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    try {
      for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration/surveys']) {
        const metadata = await readJson(await fetch(`${origin}${path}`));
        expect(metadata.issuer, path).toBe('https://example.com/surveys');
        expect(metadata.authorization_endpoint).toBe('https://auth.example.com/oauth/authorize');
      }
    } finally {
      listener.close();
    }
  });
});
