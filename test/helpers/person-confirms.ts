import { createPlatform, openConfirmation } from '../../src/platform/index.js';
import type { Store } from '../../src/store/store.js';
import type { ManualClock } from '../../src/platform/clock.js';
import { CookieJar, formFields, testPassword } from './server.js';

/**
 * The person's click on the confirmation page, recorded straight in the store: for tests about
 * what a confirmed change does. The page itself is tested over HTTP and in a browser
 * (test/oauth/confirmation-page.test.ts, test/browser/confirmation-page.test.ts).
 */
export async function personConfirms(server: { readonly store: Store; readonly clock: ManualClock }, sealed: string): Promise<void> {
  const platform = createPlatform({ store: server.store, clock: server.clock });
  const opened = await openConfirmation(await platform.confirmationKey(), sealed, server.clock.now());
  if ('problem' in opened) throw new Error(`the confirmation ${opened.problem}`);
  await platform.approveConfirmation(opened.claims.id, opened.claims.expiresAt);
}

/**
 * The person opens the confirmation page at `url` in a browser of their own (`jar`), signs in as
 * `email` when asked, and decides; returns the page the decision answered.
 */
export async function decideOnPage(
  url: string,
  email: string,
  decision: 'approve' | 'decline' = 'approve',
  jar = new CookieJar(),
  password = testPassword,
): Promise<{ status: number; page: string; jar: CookieJar }> {
  // The auth host the link names: a deployment's public address, not necessarily the instance's own.
  const { origin } = new URL(url);
  let page = await (await jar.fetch(url)).text();
  if (page.includes('action="/sign-in"')) {
    const signedIn = await jar.postForm(`${origin}/sign-in`, { ...formFields(page, '/sign-in'), email, password });
    if (signedIn.status !== 303) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
    page = await (await jar.fetch(new URL(signedIn.headers.get('location')!, origin).href)).text();
  }
  const decided = await jar.postForm(`${origin}/confirm`, { ...formFields(page, '/confirm'), decision });
  return { status: decided.status, page: await decided.text(), jar };
}
