import { html, type SafeHtml } from './html.js';

/**
 * Where the person will be sent, as they should read it: the host of a web address, or the
 * scheme of a native app. For `myapp://claude.ai/cb` the host part is whatever the app chose, so
 * showing it in bold would let any app pose as claude.ai (RFC 8252 §8.6).
 */
export function destinationHtml(redirectUri: string): SafeHtml {
  const url = new URL(redirectUri);
  if (url.protocol === 'https:' || url.protocol === 'http:') {
    return html`<strong class="host">${url.host}</strong>`;
  }
  return html`<strong class="host">${url.protocol}</strong> <span class="label">an app on this device</span>`;
}
