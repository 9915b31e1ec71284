import type { Evidence } from '../report.js';
import { tellingHeaders } from './evidence-text.js';
import { html, type SafeHtml } from './safe-html.js';

/**
 * One exchange as a reader wants it: the request as sent (secrets already redacted), the status,
 * the headers that explain a verdict, and the body, pretty-printed when it is JSON. The other
 * response headers fold away.
 */
export function renderExchange(evidence: Evidence, index: number): SafeHtml {
  const space = evidence.request.indexOf(' ');
  const method = evidence.request.slice(0, space);
  const url = evidence.request.slice(space + 1);
  const telling = tellingHeaders(evidence.responseHeaders);
  const rest = Object.entries(evidence.responseHeaders).filter(([name]) => !telling.some(([shown]) => shown === name));
  return html`<section class="exchange">
<p class="request"><span class="step">${index + 1}</span> <b>${method}</b> <code>${url}</code></p>
${headerList(Object.entries(evidence.requestHeaders))}${evidence.requestBody === undefined ? '' : body(evidence.requestBody)}
<p class="response"><b class="http http-${Math.floor(evidence.status / 100)}xx">HTTP ${evidence.status}</b></p>
${headerList(telling)}${
    rest.length > 0 ? html`<details class="more-headers"><summary>${rest.length} more response headers</summary>${headerList(rest)}</details>` : ''
  }${evidence.responseBody.trim() === '' ? '' : body(evidence.responseBody)}
</section>`;
}

function headerList(headers: readonly (readonly [string, string])[]): SafeHtml | '' {
  if (headers.length === 0) return '';
  return html`<dl class="headers">${headers.map(([name, value]) => html`<dt>${name}</dt><dd>${value}</dd>`)}</dl>`;
}

function body(text: string): SafeHtml {
  return html`<pre class="body">${prettyJson(text)}</pre>`;
}

/** Bodies cut short, forms and event streams are shown as they came. */
function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
