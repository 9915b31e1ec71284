/**
 * HTML built so that forgetting to escape is impossible: every value interpolated into `html`
 * is escaped unless it is itself the output of `html`. Evidence holds whatever a deployment
 * answered, so a report must never run or render it as markup.
 */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type HtmlValue = SafeHtml | string | number | readonly HtmlValue[] | undefined | false;

export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    text += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(text);
}

function render(value: HtmlValue): string {
  if (value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

// Control characters other than tab and line breaks have no business in a report.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe in text and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(CONTROL, '').replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}
