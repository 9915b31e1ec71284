import {
  Client as Client2x,
  StreamableHTTPClientTransport as StreamableHTTPClientTransport2x,
  type ClientCapabilities as ClientCapabilities2x,
  type VersionNegotiationMode,
} from '@modelcontextprotocol/client';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { TestServer } from './server.js';
import { approveInBrowser } from './headless-browser.js';

/** Nothing listens here: the provider keeps the redirect instead of a browser following it. */
export const headlessRedirectUrl = 'http://127.0.0.1:33418/callback';
const redirectUrl = headlessRedirectUrl;

export interface HeadlessPerson {
  readonly email: string;
  /** The name the client registers with, and the consent page must show unless `consentName` says otherwise. */
  readonly clientName: string;
  /** The demo password when left out. */
  readonly password?: string;
  /** A client metadata document URL: the SDK then uses it as client_id instead of registering. */
  readonly clientMetadataUrl?: string;
  /** What the consent page must call the client (a metadata document names it itself). */
  readonly consentName?: string;
}

/**
 * An SDK client's OAuth side (the 1.x and the 2.x interfaces are the same shape): registration,
 * PKCE, discovery and tokens kept in memory, and instead of opening a browser, the person signs in and
 * approves headless. `callback` is where the browser was sent back, for `finishAuth`, and
 * `consent` the page the person saw.
 */
export class HeadlessOAuthProvider implements OAuthClientProvider {
  private client?: OAuthClientInformationMixed;
  private stored?: OAuthTokens;
  private verifier = '';
  private discovered?: OAuthDiscoveryState;
  callback?: URL;
  consent = '';
  registrations = 0;

  constructor(
    private readonly server: TestServer,
    private readonly person: HeadlessPerson,
  ) {}

  get redirectUrl() {
    return redirectUrl;
  }
  get clientMetadataUrl() {
    return this.person.clientMetadataUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.person.clientName,
      redirect_uris: [redirectUrl],
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
  // Kept so the 2.x SDK can check that the code goes back to the server that issued it (SEP-2352).
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovered = state;
  }
  discoveryState() {
    return this.discovered;
  }
  async redirectToAuthorization(url: URL): Promise<void> {
    const { email, password, consentName, clientName } = this.person;
    ({ callback: this.callback, consent: this.consent } = await approveInBrowser(this.server, url, {
      email,
      password,
      clientName: consentName ?? clientName,
    }));
  }
}

/** Connects the SDK 1.x client, running the OAuth flow first when the server asks for it. */
export async function connectHeadless(server: TestServer, provider: HeadlessOAuthProvider): Promise<Client> {
  const url = new URL(`${server.baseUrl}/`);
  const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  try {
    await client.connect(first);
    return client;
  } catch (error) {
    if (!provider.callback) throw error;
  }
  await first.finishAuth(provider.callback.searchParams.get('code')!);
  const authorized = new Client({ name: 'e2e', version: '1.0.0' });
  await authorized.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
  return authorized;
}

/**
 * Connects the SDK 2.x client in a version-negotiation mode, running the OAuth flow first when
 * the server asks for it. The 2.x client checks the answer's issuer (RFC 9207) before redeeming the code.
 */
export async function connectHeadless2x(
  server: TestServer,
  provider: HeadlessOAuthProvider,
  mode: VersionNegotiationMode,
  /** The client's declared capabilities, and the handlers to register before it connects (e.g. elicitation/create). */
  setUp: { capabilities?: ClientCapabilities2x; handlers?: (client: Client2x) => void } = {},
): Promise<Client2x> {
  const url = new URL(`${server.baseUrl}/`);
  const open = () => {
    const client = new Client2x({ name: 'e2e-2x', version: '1.0.0' }, { versionNegotiation: { mode }, ...(setUp.capabilities && { capabilities: setUp.capabilities }) });
    setUp.handlers?.(client);
    return client;
  };
  const first = new StreamableHTTPClientTransport2x(url, { authProvider: provider });
  try {
    const client = open();
    await client.connect(first);
    return client;
  } catch (error) {
    if (!provider.callback) throw error;
  }
  await first.finishAuth(provider.callback.searchParams.get('code')!, provider.callback.searchParams.get('iss') ?? undefined);
  const client = open();
  await client.connect(new StreamableHTTPClientTransport2x(url, { authProvider: provider }));
  return client;
}
