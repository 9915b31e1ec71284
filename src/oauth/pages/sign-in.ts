import { nameSuffix } from './client-identity.js';
import { hiddenFields, html, layout } from './html.js';

export interface SignInPage {
  readonly csrfToken: string;
  /** Where to go after signing in: an authorization request or the connected-apps page. */
  readonly returnTo: string;
  /** The app asking, when the person arrives from an authorization request. */
  readonly client?: { readonly name: string; readonly verifiedHost?: string };
  readonly email?: string;
  readonly error?: string;
  /** The company's OpenID provider, when the server offers single sign-on: "Sign in with <name>". */
  readonly ssoName?: string;
}

export function signInPage(page: SignInPage): string {
  return layout({
    title: 'Sign in',
    body: html`<section class="card">
  <h1>Sign in</h1>
  <p class="lead">${page.client
    ? html`to continue to <strong class="client-name">${page.client.name}</strong>${nameSuffix(page.client.verifiedHost)}`
    : 'to manage the apps connected to your account'}</p>
  ${page.error ? html`<p class="alert" role="alert">${page.error}</p>` : ''}
  <form method="post" action="/sign-in" class="stack">
    ${hiddenFields({ csrf_token: page.csrfToken, return_to: page.returnTo })}
    <label>Email
      <input type="email" name="email" autocomplete="username" required autofocus value="${page.email ?? ''}">
    </label>
    <label>Password
      <input type="password" name="password" autocomplete="current-password" required>
    </label>
    <button class="primary" type="submit">Sign in</button>
  </form>
  ${page.ssoName
    ? html`<p class="or"><span>or</span></p>
  <form method="post" action="/sso/start" class="stack">
    ${hiddenFields({ csrf_token: page.csrfToken, return_to: page.returnTo })}
    <button class="secondary sso" type="submit">Sign in with ${page.ssoName}</button>
  </form>`
    : ''}
  <p class="fine">Use the same email and password as on the survey platform.</p>
</section>`,
  });
}
