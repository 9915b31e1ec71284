import { CookieJar, authorizeUrl, formFields, pkcePair, type RegisteredClient, type TestServer } from './server.js';

/** A page the walk stopped at: where, with what status and body. */
export interface Landing {
  readonly url: string;
  readonly status: number;
  readonly html: string;
}

/** Follows redirects by hand (the jar keeps every host's cookies) until a page answers. */
export async function follow(jar: CookieJar, response: Response, from: string): Promise<Landing> {
  let current = response;
  let url = from;
  for (let hop = 0; hop < 15 && current.status >= 300 && current.status < 400; hop++) {
    url = new URL(current.headers.get('location')!, url).href;
    current = await jar.fetch(url);
  }
  return { url, status: current.status, html: await current.text() };
}

/** Clicks "Sign in with …" on our sign-in page: lands on the provider's login form. */
export async function startSso(server: TestServer, jar: CookieJar, signInPageHtml: string): Promise<Landing> {
  const started = await jar.postForm(`${server.authUrl}/sso/start`, formFields(signInPageHtml, '/sso/start'));
  if (started.status !== 303) throw new Error(`/sso/start answered ${started.status}: ${await started.text()}`);
  return follow(jar, started, `${server.authUrl}/sso/start`);
}

/** Fills the provider's development login form (any password goes) and follows where it leads. */
export async function logInAtProvider(jar: CookieJar, loginPage: Landing, login: string): Promise<Landing> {
  const action = /<form[^>]*action="([^"]+)"/.exec(loginPage.html)?.[1];
  if (!action) throw new Error(`no login form at the provider:\n${loginPage.html.slice(0, 500)}`);
  const target = new URL(action.replace(/&amp;/g, '&'), loginPage.url).href;
  const answered = await jar.postForm(target, { prompt: 'login', login, password: 'anything' });
  return follow(jar, answered, target);
}

/** The whole way from an authorization request, signing in at the provider as `login`. */
export async function ssoAuthorization(server: TestServer, client: RegisteredClient, login: string, jar = new CookieJar()) {
  const { verifier, challenge } = pkcePair();
  const url = authorizeUrl(server, { client, challenge, state: 'sso-state' });
  const signInPage = await (await jar.fetch(url)).text();
  const landing = await logInAtProvider(jar, await startSso(server, jar, signInPage), login);
  return { landing, verifier, jar };
}
