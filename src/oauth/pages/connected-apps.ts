import type { ConnectedApp } from '../../store/auth-store.js';
import { verifiedHostOf } from '../client-metadata/client-id-url.js';
import { nameSuffix } from './client-identity.js';
import { hiddenFields, html, layout } from './html.js';

export interface ConnectedAppsPage {
  readonly csrfToken: string;
  readonly email: string;
  readonly apps: readonly ConnectedApp[];
  readonly notice?: string;
}

const date = (epochMs: number): string =>
  new Date(epochMs).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export function connectedAppsPage(page: ConnectedAppsPage): string {
  const apps = page.apps.map(
    (app) => html`<li class="app">
      <div>
        <strong class="app-name">${app.clientName}</strong>${nameSuffix(verifiedHostOf(app.clientId))}
        <span class="meta">${app.grantedBy === undefined ? 'Allowed' : `Granted by your company's identity provider (${app.grantedBy})`} ${date(app.approvedAt)}${app.lastUsedAt === undefined ? '' : ` · last used ${date(app.lastUsedAt)}`} · ${app.scope} · sends you to ${app.redirectUris.join(', ') || 'no address'}</span>
      </div>
      <form method="post" action="/account/apps/revoke">
        ${hiddenFields({ csrf_token: page.csrfToken, client_id: app.clientId })}
        <button class="danger" type="submit">Revoke</button>
      </form>
    </li>`,
  );
  return layout({
    title: 'Connected apps',
    account: { email: page.email, csrfToken: page.csrfToken },
    body: html`<section class="card wide">
  <h1>Connected apps</h1>
  <p class="lead">Apps you allowed to reach your surveys. Revoking signs an app out at once.</p>
  ${page.notice ? html`<p class="notice" role="status">${page.notice}</p>` : ''}
  ${apps.length > 0 ? html`<ul class="apps">${apps}</ul>` : html`<p class="empty">No apps are connected.</p>`}
</section>`,
  });
}
