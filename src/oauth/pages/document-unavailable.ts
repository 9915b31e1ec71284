import type { Explanation } from '../explanation.js';
import { explanationHtml, html, layout } from './html.js';

/**
 * Shown when the app's client metadata document (its identity) could not be fetched just now
 * and no good copy is held: the app may be fine, so the person is told to retry, not that the
 * app is invalid.
 */
export function documentUnavailablePage(reason: Explanation): string {
  return layout({
    title: "The app's identity could not be checked",
    body: html`<section class="card">
  <p class="eyebrow error">Try again shortly</p>
  <h1>The app's identity document could not be fetched</h1>
  <p class="alert" role="alert">${explanationHtml(reason)}</p>
  <p class="fine">This server checks who an app is by fetching the document the app publishes. That
    did not work just now, which is usually temporary. Wait a minute, then start connecting again
    from the app.</p>
</section>`,
  });
}
