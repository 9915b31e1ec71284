import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { TestServer } from './server.js';
import { approveInBrowser } from './headless-browser.js';

/** Nothing listens here: the provider keeps the redirect instead of a browser following it. */
const redirectUrl = 'http://127.0.0.1:33418/callback';

/**
 * An SDK client's OAuth side (the 1.x and the 2.x interfaces are the same shape): registration,
 * PKCE, discovery and tokens kept in memory, and instead of opening a browser, the person signs in and
 * approves headless. `callback` is where the browser was sent back, for `finishAuth`.
 */
export class HeadlessOAuthProvider implements OAuthClientProvider {
  private client?: OAuthClientInformationMixed;
  private stored?: OAuthTokens;
  private verifier = '';
  private discovered?: OAuthDiscoveryState;
  callback?: URL;
  registrations = 0;

  constructor(
    private readonly server: TestServer,
    private readonly email: string,
    private readonly clientName: string,
  ) {}

  get redirectUrl() {
    return redirectUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.clientName,
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
    this.callback = await approveInBrowser(this.server, url, { email: this.email, clientName: this.clientName });
  }
}
