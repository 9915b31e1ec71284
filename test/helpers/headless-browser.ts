import { expect } from 'vitest';
import { demoPassword } from '../../src/platform/demo/index.js';
import { CookieJar, formFields, type TestServer } from './server.js';

/**
 * A person at a browser, over plain HTTP: opens the authorization URL a client sent them to,
 * signs in on our real sign-in page, checks that the consent page names the client and where it
 * will send them, approves, and returns where the browser is sent back to (the client's redirect
 * URI, with code and iss) and the consent page it saw.
 */
export async function approveInBrowser(
  server: TestServer,
  authorizationUrl: URL,
  person: { readonly email: string; readonly clientName: string; readonly password?: string },
): Promise<{ callback: URL; consent: string }> {
  const jar = new CookieJar();
  const signInPage = await (await jar.fetch(authorizationUrl.href)).text();
  const signedIn = await jar.postForm(`${server.authUrl}/sign-in`, {
    ...formFields(signInPage, '/sign-in'),
    email: person.email,
    password: person.password ?? demoPassword,
  });
  expect(signedIn.status, 'sign-in').toBe(303);
  const consent = await (await jar.fetch(new URL(signedIn.headers.get('location')!, server.authUrl).href)).text();
  expect(consent).toContain(person.clientName);
  expect(consent).toContain(authorizationUrl.searchParams.get('redirect_uri'));
  const decided = await jar.postForm(`${server.authUrl}/oauth/authorize`, {
    ...formFields(consent, '/oauth/authorize'),
    decision: 'approve',
  });
  expect(decided.status, 'consent').toBe(303);
  const callback = new URL(decided.headers.get('location')!);
  expect(callback.searchParams.get('iss')).toBe(server.baseUrl);
  return { callback, consent };
}
