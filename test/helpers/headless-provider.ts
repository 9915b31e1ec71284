import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { expect } from 'vitest';
import { CookieJar, formFields, type TestServer } from './server.js';

export const headlessRedirectUrl = 'http://127.0.0.1:33418/callback';

export interface HeadlessOptions {
  readonly email: string;
  readonly password: string;
  /** The client's metadata document URL: the SDK then uses it as client_id instead of registering. */
  readonly clientMetadataUrl?: string;
  /** What the consent page must call the client. */
  readonly consentName?: string;
}

/**
 * An assistant's OAuth side as the SDK drives it; instead of opening a browser it walks our real
 * sign-in and consent pages over HTTP and keeps the code the redirect would have delivered.
 */
export class HeadlessProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  stored?: OAuthTokens;
  verifier = '';
  code?: string;
  registrations = 0;
  consent = '';

  constructor(
    private readonly server: TestServer,
    private readonly options: HeadlessOptions,
  ) {}

  get redirectUrl() {
    return headlessRedirectUrl;
  }
  get clientMetadataUrl() {
    return this.options.clientMetadataUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'SDK end-to-end test',
      redirect_uris: [headlessRedirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.registrations++;
    this.client = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: OAuthTokens) {
    this.stored = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    const jar = new CookieJar();
    const signInPage = await (await jar.fetch(url.href)).text();
    const signedIn = await jar.postForm(`${this.server.authUrl}/sign-in`, {
      ...formFields(signInPage, '/sign-in'),
      email: this.options.email,
      password: this.options.password,
    });
    this.consent = await (await jar.fetch(new URL(signedIn.headers.get('location')!, this.server.authUrl).href)).text();
    expect(this.consent).toContain(this.options.consentName ?? 'SDK end-to-end test');
    expect(this.consent).toContain(headlessRedirectUrl);
    const decided = await jar.postForm(`${this.server.authUrl}/oauth/authorize`, {
      ...formFields(this.consent, '/oauth/authorize'),
      decision: 'approve',
    });
    const back = new URL(decided.headers.get('location')!);
    expect(back.searchParams.get('iss')).toBe(this.server.baseUrl);
    this.code = back.searchParams.get('code') ?? undefined;
  }
}

/** Connects through the SDK, running the OAuth flow first when the server asks for it. */
export async function connectHeadless(server: TestServer, provider: HeadlessProvider): Promise<Client> {
  const url = new URL(`${server.baseUrl}/`);
  const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  try {
    await client.connect(first);
    return client;
  } catch (error) {
    if (!provider.code) throw error;
  }
  await first.finishAuth(provider.code);
  const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
  const authorized = new Client({ name: 'e2e', version: '1.0.0' });
  await authorized.connect(transport);
  return authorized;
}
