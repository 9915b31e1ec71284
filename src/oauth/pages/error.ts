import type { Explanation } from '../explanation.js';
import { explanationHtml, html, layout, type PageOptions } from './html.js';

/** What an error page is about: a sign-in link by default, or a confirmation link. */
export interface ErrorPageKind {
  readonly eyebrow: string;
  readonly heading: string;
  readonly advice: string;
}

const signInLink: ErrorPageKind = {
  eyebrow: 'Sign-in stopped',
  heading: 'This sign-in link cannot be used',
  advice: 'Go back to the app and connect again. If this keeps happening, remove the connector in the app and add it anew.',
};

export const confirmationLink: ErrorPageKind = {
  eyebrow: 'Nothing changed',
  heading: 'This confirmation link cannot be used',
  advice: 'Go back to the assistant and ask it to make the change again: it will give you a new link.',
};

/** Shown when we cannot safely send the person back to the app (unknown app or address), or a confirmation link fails. */
export function errorPage(reason: Explanation, kind: ErrorPageKind = signInLink, account?: PageOptions['account']): string {
  return layout({
    title: 'This link cannot be used',
    account,
    body: html`<section class="card">
  <p class="eyebrow error">${kind.eyebrow}</p>
  <h1>${kind.heading}</h1>
  <p class="alert" role="alert">${explanationHtml(reason)}</p>
  <p class="fine">${kind.advice}</p>
</section>`,
  });
}
