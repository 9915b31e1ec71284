import type { Explanation } from '../explanation.js';
import { explanationHtml, html, layout } from './html.js';

/** Shown when we cannot safely send the person back to the app (unknown app or address). */
export function errorPage(reason: Explanation): string {
  return layout({
    title: 'This link cannot be used',
    body: html`<section class="card">
  <p class="eyebrow error">Sign-in stopped</p>
  <h1>This sign-in link cannot be used</h1>
  <p class="alert" role="alert">${explanationHtml(reason)}</p>
  <p class="fine">Go back to the app and connect again. If this keeps happening, remove the connector
    in the app and add it anew.</p>
</section>`,
  });
}
