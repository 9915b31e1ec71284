/** A form as a browser would see it: enough to fill in and submit sign-in and consent pages. */
export interface HtmlForm {
  /** Absolute, resolved against the page address. */
  readonly action: string;
  readonly method: 'GET' | 'POST';
  readonly controls: readonly FormControl[];
}

export interface FormControl {
  readonly tag: 'input' | 'button' | 'textarea';
  /** Lower-case; a button without a type is a submit button, as in HTML. */
  readonly type: string;
  readonly name: string;
  readonly value: string;
  /** What a person reads on a button: its text, else its value. */
  readonly label: string;
  readonly checked: boolean;
  readonly disabled: boolean;
}

const FORM = /<form\b([^>]*)>([\s\S]*?)<\/form\s*>/gi;
const CONTROL = /<button\b([^>]*)>([\s\S]*?)<\/button\s*>|<input\b([^>]*)>|<textarea\b([^>]*)>([\s\S]*?)<\/textarea\s*>/gi;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Tolerant, regex-based: sign-in pages are small and generated, not arbitrary HTML. */
export function parseForms(html: string, pageUrl: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const [, formAttributes = '', inner = ''] of html.matchAll(FORM)) {
    const attributes = parseAttributes(formAttributes);
    const action = attributes.get('action');
    forms.push({
      action: new URL(action ? action : pageUrl, pageUrl).toString(),
      method: attributes.get('method')?.toUpperCase() === 'POST' ? 'POST' : 'GET',
      controls: [...inner.matchAll(CONTROL)].map(([, buttonAttributes, buttonText, inputAttributes, textareaAttributes = '', text]) => {
        if (buttonAttributes !== undefined) return toControl('button', parseAttributes(buttonAttributes), undefined, buttonText);
        if (inputAttributes !== undefined) return toControl('input', parseAttributes(inputAttributes), undefined);
        return toControl('textarea', parseAttributes(textareaAttributes), text);
      }),
    });
  }
  return forms;
}

/**
 * The name/value pairs a browser submits: every enabled named control except unchecked boxes
 * and buttons other than `submitter`, with `fills` replacing the values of the named fields.
 */
export function submission(
  form: HtmlForm,
  fills: Readonly<Record<string, string>>,
  submitter?: FormControl,
): [string, string][] {
  const pairs: [string, string][] = [];
  for (const control of form.controls) {
    if (!control.name || control.disabled) continue;
    if (isButton(control) && control !== submitter) continue;
    if ((control.type === 'checkbox' || control.type === 'radio') && !control.checked) continue;
    pairs.push([control.name, fills[control.name] ?? control.value]);
  }
  return pairs;
}

export function isButton(control: FormControl): boolean {
  return ['submit', 'button', 'image', 'reset'].includes(control.type);
}

function toControl(tag: FormControl['tag'], attributes: Map<string, string>, text: string | undefined, buttonText?: string): FormControl {
  const defaultType = tag === 'button' ? 'submit' : tag === 'textarea' ? 'textarea' : 'text';
  const value = tag === 'textarea' ? decodeEntities(text ?? '') : (attributes.get('value') ?? '');
  const shown = decodeEntities((buttonText ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim());
  return {
    tag,
    type: (attributes.get('type') ?? defaultType).toLowerCase(),
    name: attributes.get('name') ?? '',
    value,
    label: shown || value,
    checked: attributes.has('checked'),
    disabled: attributes.has('disabled'),
  };
}

function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name = '', double, single, bare] of source.matchAll(ATTRIBUTE)) {
    attributes.set(name.toLowerCase(), decodeEntities(double ?? single ?? bare ?? ''));
  }
  return attributes;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) return String.fromCodePoint(parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(parseInt(body.slice(1), 10));
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}
