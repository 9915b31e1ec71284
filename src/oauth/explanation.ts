/** A value that came from outside (a request, a registration, a fetched document). */
export interface OutsideValue {
  readonly value: string;
}

/**
 * Why a request was refused, in our words, with every outside value kept apart: as an
 * `error_description` the values sit in single quotes; a page shows them as data (`<code>`), so
 * a crafted `client_id` or document can never speak on the page in our voice.
 */
export class Explanation {
  constructor(readonly parts: ReadonlyArray<string | OutsideValue>) {}

  toString(): string {
    return this.parts.map((part) => (typeof part === 'string' ? part : `'${part.value}'`)).join('');
  }
}

/**
 * explain`the client_id ${id} is unknown`: literal text is ours, every string interpolated is
 * outside data; numbers and nested explanations are ours too.
 */
export function explain(strings: TemplateStringsArray, ...values: ReadonlyArray<string | number | Explanation>): Explanation {
  const parts: Array<string | OutsideValue> = [];
  strings.forEach((text, i) => {
    if (text) parts.push(text);
    if (i >= values.length) return;
    const value = values[i]!;
    if (value instanceof Explanation) parts.push(...value.parts);
    else if (typeof value === 'number') parts.push(String(value));
    else parts.push({ value });
  });
  return new Explanation(parts);
}

/** Text that is wholly ours (no outside value in it). */
export const ours = (text: string): Explanation => new Explanation([text]);
