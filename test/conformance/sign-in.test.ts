import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { SetupFailed } from '../../conformance/errors.js';
import { CookieJar } from '../../conformance/cookie-jar.js';
import { parseForms, submission } from '../../conformance/html-forms.js';
import { Http } from '../../conformance/http.js';
import { runConformance } from '../../conformance/run.js';
import { walkAuthorization, type ConsentDecision } from '../../conformance/sign-in.js';
import { withFakeDeployment } from './harness.js';

describe('reading HTML forms', () => {
  const page = `
    <form action="/oauth/sign-in" method="POST">
      <input type="hidden" name="state" value="a&amp;b &quot;c&quot; &#x3C;d&#62;">
      <input type=email name=email>
      <input type='password' name='password'>
      <input type="checkbox" name="remember">
      <textarea name="note">hello &amp; bye</textarea>
      <button type="submit" name="decision" value="deny">Deny</button>
      <button name="decision" value="approve">Approve</button>
    </form>
    <form><input name="q" value="x"></form>`;

  test('a form resolves its action against the page and decodes attribute entities', () => {
    const [signIn, search] = parseForms(page, 'http://127.0.0.1:8788/oauth/authorize?x=1');
    expect(signIn?.action).toBe('http://127.0.0.1:8788/oauth/sign-in');
    expect(signIn?.method).toBe('POST');
    expect(signIn?.controls.find((control) => control.name === 'state')?.value).toBe('a&b "c" <d>');
    expect(signIn?.controls.find((control) => control.name === 'note')?.value).toBe('hello & bye');
    expect(search?.action).toBe('http://127.0.0.1:8788/oauth/authorize?x=1');
    expect(search?.method).toBe('GET');
  });

  test('a submission carries only the chosen button and no unchecked box', () => {
    const [form] = parseForms(page, 'http://127.0.0.1:8788/');
    const approve = form?.controls.find((control) => control.value === 'approve');
    expect(form && submission(form, { email: 'alice@example.com' }, approve)).toEqual([
      ['state', 'a&b "c" <d>'],
      ['email', 'alice@example.com'],
      ['password', ''],
      ['note', 'hello & bye'],
      ['decision', 'approve'],
    ]);
  });
});

describe('the cookie jar', () => {
  test('a cookie set by one port goes to another port of the same host, as in a browser', () => {
    const jar = new CookieJar();
    jar.store('http://127.0.0.1:8788/oauth/authorize', ['sid=abc; Path=/; HttpOnly; SameSite=Lax']);
    expect(jar.headerFor('http://127.0.0.1:8787/')).toBe('sid=abc');
    expect(jar.headerFor('http://localhost:8788/')).toBeUndefined();
  });

  test('a cookie keeps to its path, domain and expiry', () => {
    const jar = new CookieJar();
    jar.store('https://auth.example.com/oauth/x', [
      'scoped=1; Path=/oauth',
      'wide=2; Domain=example.com; Path=/',
      'secure=3; Secure; Path=/',
    ]);
    expect(jar.headerFor('https://auth.example.com/oauth/token')).toBe('scoped=1; wide=2; secure=3');
    expect(jar.headerFor('https://mcp.example.com/')).toBe('wide=2');
    expect(jar.headerFor('http://auth.example.com/other')).toBe('wide=2');
    jar.store('https://auth.example.com/', ['wide=gone; Domain=example.com; Path=/; Max-Age=0']);
    expect(jar.headerFor('https://mcp.example.com/')).toBeUndefined();
  });
});

describe('signing in', () => {
  test('the headless driver signs in, approves the consent and stops at the redirect URI', async () => {
    await withFakeDeployment({}, async (fake) => {
      const http = new Http(5000);
      const register = await http.send({
        method: 'POST',
        url: `${fake.url}/register`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'sign-in test', redirect_uris: ['http://127.0.0.1:5555/cb'] }),
      });
      const clientId = (JSON.parse(register.response.body) as { client_id: string }).client_id;
      const url = new URL(`${fake.authUrl}/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: 'http://127.0.0.1:5555/cb',
        response_type: 'code',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        state: 'xyz',
      }).toString();
      const outcome = await walkAuthorization(http, new CookieJar(), url, {
        user: fake.user.email,
        password: fake.user.password,
      });
      expect(outcome.kind).toBe('callback');
      if (outcome.kind !== 'callback') return;
      expect(outcome.url.searchParams.get('code')).toMatch(/^code_/);
      expect(outcome.url.searchParams.get('state')).toBe('xyz');
      expect(outcome.exchanges.map((exchange) => `${exchange.request.method} ${exchange.response.status}`)).toEqual([
        'GET 200',
        'POST 303',
        'GET 200',
        'POST 303',
      ]);
    });
  });

  test('browser mode receives the code on a loopback listener at an ephemeral port', async () => {
    const opened: URL[] = [];
    const report = await withFakeDeployment({}, (fake) =>
      runConformance({
        url: fake.url,
        signIn: {
          kind: 'browser',
          // Plays the person: signs in and approves in "their browser", which then follows the
          // redirect to the runner's listener.
          openBrowser: (url) => {
            opened.push(url);
            void (async () => {
              const outcome = await walkAuthorization(new Http(5000), new CookieJar(), url, {
                user: fake.user.email,
                password: fake.user.password,
              });
              if (outcome.kind === 'callback') await fetch(outcome.url);
            })();
          },
        },
        only: ['authorization-code-flow', 'state-returned', 'pkce-required', 'tools-call'],
      }),
    );
    expect(report.results.map((result) => [result.id, result.status])).toEqual([
      ['authorization-code-flow', 'pass'],
      ['state-returned', 'pass'],
      ['pkce-required', 'pass'],
      ['tools-call', 'pass'],
    ]);
    expect(opened).toHaveLength(1);
    expect(opened[0]?.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
  });
});

describe('a sign-in the deployment refuses', () => {
  const form = '<form action="/sign-in" method="POST"><input type="email" name="email"><input type="password" name="password"><button>Sign in</button></form>';

  type PostAnswer = { readonly status: number; readonly headers?: Record<string, string> };

  /** Walks an authorization at a sign-in page whose form posts are answered by `answerPost` (the n-th post, from 1). */
  async function walkAgainst(answerPost: (n: number) => PostAnswer, decision?: ConsentDecision) {
    let posts = 0;
    const server = createServer((req, res) => {
      const { status, headers } = req.method === 'POST' ? answerPost((posts += 1)) : { status: 200, headers: {} };
      res.writeHead(status, { 'content-type': 'text/html', ...headers });
      res.end(form);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const outcome = await walkAuthorization(new Http(5000), new CookieJar(), new URL(`${url}/authorize?redirect_uri=http://127.0.0.1:5555/cb`), {
        user: 'alice@example.com',
        password: 'wrong',
      }, decision);
      return { outcome, posts };
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  /** A sign-in page whose form the deployment answers with `status` (and the form again). */
  async function refusedWith(status: number, headers: Record<string, string> = {}): Promise<unknown> {
    try {
      await walkAgainst(() => ({ status, headers }));
    } catch (error) {
      return error;
    }
    throw new Error('expected the sign-in to be refused');
  }

  test('a short refusal of the sign-in budget (429, Retry-After 1) is waited out and the sign-in tried again', async () => {
    const { outcome, posts } = await walkAgainst((n): PostAnswer =>
      n === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 303, headers: { location: 'http://127.0.0.1:5555/cb?code=c1' } },
    );
    expect(posts).toBe(2);
    expect(outcome.kind).toBe('callback');
  });

  test('an error status in answer to the credentials is a setup error naming the status', async () => {
    const error = await refusedWith(401);
    expect(error).toBeInstanceOf(SetupFailed);
    expect((error as Error).message).toMatch(
      /^the deployment refused the sign-in of alice@example\.com \(http:\/\/127\.0\.0\.1:\d+\/sign-in answered HTTP 401\): check --user and --password$/,
    );
  });

  test('a tampered sign-in refused for longer than the walk waits ends at the refusal, for its caller to judge, not as a setup error', async () => {
    const { outcome, posts } = await walkAgainst(() => ({ status: 429, headers: { 'retry-after': '42' } }), { tamperSignIn: (_form, honest) => [...honest] });
    expect(posts).toBe(1);
    expect(outcome.kind === 'page' && outcome.exchange.response.status).toBe(429);
  });

  test('too many attempts (a locked account) says when to try again', async () => {
    const error = await refusedWith(429, { 'retry-after': '42' });
    expect(error).toBeInstanceOf(SetupFailed);
    expect((error as Error).message).toMatch(/answered HTTP 429\): too many sign-in attempts, try again in 42 s$/);
  });
});
