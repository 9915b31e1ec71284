import { nameSuffix } from './client-identity.js';
import { hiddenFields, html, layout } from './html.js';

export interface ConfirmationPage {
  readonly csrfToken: string;
  readonly email: string;
  /** The sealed confirmation, sent back with the decision. */
  readonly seal: string;
  readonly clientName: string;
  readonly verifiedHost?: string;
  /** What will happen, in the words the platform chose. */
  readonly summary: string;
  readonly expiresAt: number;
  /** Set once the person decided: what the page says instead of asking. */
  readonly outcome?: 'confirmed' | 'declined';
}

const time = (epochMs: number): string => `${new Date(epochMs).toISOString().slice(11, 16)} UTC`;

/** Asks the signed-in person to confirm one change their assistant cannot ask them about, in plain words. */
export function confirmationPage(page: ConfirmationPage): string {
  const asking = page.outcome === undefined;
  const heading = asking ? 'Confirm this change' : page.outcome === 'confirmed' ? 'Confirmed' : 'Not confirmed';
  return layout({
    title: heading,
    account: { email: page.email, csrfToken: page.csrfToken },
    body: html`<section class="card">
  <p class="eyebrow">Your assistant asks</p>
  <h1>${heading}</h1>
  <p class="lead"><strong class="client-name">${page.clientName}</strong>${nameSuffix(page.verifiedHost)} wants to make a change that needs your word, not the assistant's:</p>
  <div class="destination"><span class="summary">${page.summary}</span></div>
  ${asking
    ? html`<p class="fine">Signed in as <strong>${page.email}</strong>. Confirm only if you asked for this. The assistant can then make the change once, until ${time(page.expiresAt)}.</p>
  <form method="post" action="/confirm" class="actions">
    ${hiddenFields({ csrf_token: page.csrfToken, seal: page.seal })}
    <button class="secondary" type="submit" name="decision" value="decline">Don't do it</button>
    <button class="primary" type="submit" name="decision" value="approve">Confirm</button>
  </form>`
    : html`<p class="notice" role="status">${page.outcome === 'confirmed'
        ? `Go back to ${page.clientName}: it can now make this change once, until ${time(page.expiresAt)}.`
        : `Nothing will change. ${page.clientName} cannot use this confirmation any more.`}</p>`}
</section>`,
  });
}
