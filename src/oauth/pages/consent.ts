import { isNativeRedirect } from '../redirect-uri.js';
import { nameSuffix } from './client-identity.js';
import { destinationHtml } from './destination.js';
import { hiddenFields, html, layout } from './html.js';

export interface ConsentPage {
  readonly csrfToken: string;
  readonly email: string;
  readonly clientName: string;
  /** For a client known by its metadata document: the host that published it, so vouches for the name. */
  readonly verifiedHost?: string;
  readonly redirectUri: string;
  /** The authorization request, carried unchanged to the POST and validated again there. */
  readonly params: Record<string, string | undefined>;
}

/**
 * Whose word the name is. A document cannot vouch for an answer delivered to this computer: any
 * program here could present the same client_id with a loopback redirect URI (MCP 2026-07-28
 * security considerations, localhost redirect URI risks), so the page says so.
 */
function verifiedNote(verifiedHost: string, redirectUri: string) {
  const published = html`<strong>${verifiedHost}</strong> publishes this app's name and addresses.`;
  // A loopback port or a private-use scheme can be claimed by any program here (RFC 8252 §8.6).
  if (!isNativeRedirect(redirectUri)) return published;
  return html`${published} <span class="caution">The answer goes to a program on this computer, and any program here could use that name.</span>`;
}

/** Shows who asks and where the person will be sent, then approve or refuse. */
export function consentPage(page: ConsentPage): string {
  return layout({
    title: `Allow ${page.clientName}?`,
    account: { email: page.email, csrfToken: page.csrfToken },
    body: html`<section class="card">
  <p class="eyebrow">Connect an app</p>
  <h1><span class="client-name">${page.clientName}</span>${nameSuffix(page.verifiedHost)} wants to access your surveys</h1>
  <p class="lead">Signed in as <strong>${page.email}</strong></p>
  <ul class="grants">
    <li>Read the surveys, questions and responses your account can open</li>
    <li>Create and edit surveys where your role allows it</li>
    <li>Act as you: it never gets more access than you have</li>
  </ul>
  <div class="destination">
    <span class="label">After you decide, you will be sent to</span>
    ${destinationHtml(page.redirectUri)}
    <code class="redirect-uri">${page.redirectUri}</code>
  </div>
  <p class="fine">${page.verifiedHost ? verifiedNote(page.verifiedHost, page.redirectUri) : 'The app chose its own name.'} Only allow it if you started this connection yourself.
    You can revoke access at any time under <a href="/account/apps">Connected apps</a>.</p>
  <form method="post" action="/oauth/authorize" class="actions">
    ${hiddenFields({ ...page.params, csrf_token: page.csrfToken })}
    <button class="secondary" type="submit" name="decision" value="deny">Cancel</button>
    <button class="primary" type="submit" name="decision" value="approve">Allow access</button>
  </form>
</section>`,
  });
}
