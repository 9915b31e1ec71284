import { expect } from 'vitest';
import { CookieJar, formFields, type TestServer } from './server.js';

/**
 * What an SDK OAuth client provider keeps between calls (registration, tokens, PKCE verifier),
 * in memory, for the 1.x and 2.x clients' end-to-end tests alike.
 */
export class OAuthClientState<Client, Tokens> {
  client?: Client;
  stored?: Tokens;
  verifier = '';
  registrations = 0;

  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: Client) {
    this.registrations++;
    this.client = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: Tokens) {
    this.stored = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/**
 * Signs in on our real pages and approves, as the person would in the browser the SDK opens;
 * returns the redirect the client would have received.
 */
export async function approveInBrowser(server: TestServer, authorizationUrl: URL, email: string, password: string, clientName: string, redirectUrl: string): Promise<URLSearchParams> {
  const jar = new CookieJar();
  const signInPage = await (await jar.fetch(authorizationUrl.href)).text();
  const signedIn = await jar.postForm(`${server.authUrl}/sign-in`, { ...formFields(signInPage, '/sign-in'), email, password });
  const consent = await (await jar.fetch(new URL(signedIn.headers.get('location')!, server.authUrl).href)).text();
  expect(consent).toContain(clientName);
  expect(consent).toContain(redirectUrl);
  const decided = await jar.postForm(`${server.authUrl}/oauth/authorize`, { ...formFields(consent, '/oauth/authorize'), decision: 'approve' });
  const back = new URL(decided.headers.get('location')!);
  expect(back.searchParams.get('iss')).toBe(server.baseUrl);
  return back.searchParams;
}
