import type { Explanation } from '../explanation.js';
import { explanationHtml, html, layout } from './html.js';

export interface SsoErrorPage {
  /** The email the provider named, when it named one. */
  readonly email?: string;
  readonly reason: Explanation;
  /** Where to try again: the sign-in page of the same authorization request. */
  readonly retryUrl: string;
}

/** A single sign-on that did not sign anyone in: who the provider said it was, and why. */
export function ssoErrorPage(page: SsoErrorPage): string {
  return layout({
    title: 'Single sign-on failed',
    body: html`<section class="card">
  <p class="eyebrow error">Sign-in stopped</p>
  <h1>You are not signed in</h1>
  ${page.email ? html`<p class="lead">Your company's sign-in service says you are <strong class="sso-email">${page.email}</strong>.</p>` : ''}
  <p class="alert" role="alert">${explanationHtml(page.reason)}</p>
  <p class="actions"><a class="button secondary" href="${page.retryUrl}">Back to sign-in</a></p>
</section>`,
  });
}
