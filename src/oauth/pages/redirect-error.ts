import { nameSuffix } from './client-identity.js';
import { destinationHtml } from './destination.js';
import type { Explanation } from '../explanation.js';
import { explanationHtml, html, layout } from './html.js';

export interface RedirectErrorPage {
  readonly clientName: string;
  /** For a client known by its metadata document: the host that published it. */
  readonly verifiedHost?: string;
  readonly redirectUri: string;
  readonly reason: Explanation;
  /** The error response for the app, which the person may follow if they started this. */
  readonly errorUrl: string;
}

/**
 * Shown instead of redirecting an error to a web address the person has given us no reason to
 * trust (RFC 9700 §4.11.2): the link is theirs to follow, so the server is no open redirector.
 */
export function redirectErrorPage(page: RedirectErrorPage): string {
  return layout({
    title: 'This request cannot be used',
    body: html`<section class="card">
  <p class="eyebrow error">Sign-in stopped</p>
  <h1>An app sent a request that cannot be used</h1>
  <p class="lead">The app: <span class="client-name">${page.clientName}</span>${nameSuffix(page.verifiedHost)}</p>
  <p class="alert" role="alert">${explanationHtml(page.reason)}</p>
  <div class="destination">
    <span class="label">The app asked to be told at</span>
    ${destinationHtml(page.redirectUri)}
    <code class="redirect-uri">${page.redirectUri}</code>
  </div>
  <p class="fine">Anyone can register an app under any name. Only go back if you started this connection
    from this app yourself; otherwise close this page.</p>
  <p class="actions"><a class="button secondary" href="${page.errorUrl}">Go back to the app</a></p>
</section>`,
  });
}
