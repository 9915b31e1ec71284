import type { Explanation } from '../explanation.js';

/** Markup that is already escaped; only `html` and `raw` make one. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => escapes[c]!);

type Interpolation = SafeHtml | string | number | undefined | false | readonly Interpolation[];

const render = (value: Interpolation): string => {
  if (value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
};

/** A template whose every interpolation is escaped unless it is already `SafeHtml`. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, text, i) => out + text + (i < values.length ? render(values[i]!) : ''), ''));
}

/** Our words as prose, every outside value as data in a `<code>`, never as a sentence of ours. */
export const explanationHtml = (explanation: Explanation): SafeHtml =>
  html`${explanation.parts.map((part) => (typeof part === 'string' ? part : html`<code class="value">${part.value}</code>`))}`;

export const hiddenFields = (fields: Record<string, string | undefined>): SafeHtml =>
  html`${Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}`;

export interface PageOptions {
  readonly title: string;
  readonly body: SafeHtml;
  /** The signed-in person, shown in the header with a sign-out button. */
  readonly account?: { readonly email: string; readonly csrfToken: string };
}

/** The shell of every page: header, a centred card, footer. Styles come from /assets/style.css. */
export function layout({ title, body, account }: PageOptions): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${title} · Survey Assistant</title>
<link rel="stylesheet" href="/assets/style.css">
</head>
<body>
<header class="topbar">
  <a class="brand" href="/account/apps"><span class="logo" aria-hidden="true">S</span>Survey Assistant</a>
  ${account
    ? html`<form class="account" method="post" action="/sign-out">
        <span class="who">${account.email}</span>
        ${hiddenFields({ csrf_token: account.csrfToken })}
        <button class="link" type="submit">Sign out</button>
      </form>`
    : ''}
</header>
<main class="page">${body}</main>
<footer class="footer">Survey Assistant · your surveys, your permissions</footer>
</body>
</html>`.value;
}
