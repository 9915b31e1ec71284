import { html, type SafeHtml } from './html.js';

/**
 * What follows a client's name on every page: the host that published it, in an element of its
 * own that no name can produce, or a plain mark that the app chose its name itself.
 */
export function nameSuffix(verifiedHost: string | undefined): SafeHtml {
  return verifiedHost
    ? html` <span class="verified-host">— ${verifiedHost}</span>`
    : html` <span class="chosen-name">(name chosen by the app)</span>`;
}
