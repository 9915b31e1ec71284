import { shown, validationFailed } from './errors.js';

/** An ISO-8601 date-time argument as epoch ms; `null` clears where clearing is allowed. */
export function parseTime(field: string, value: string): number {
  const time = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) {
    throw validationFailed(`'${field}' must be an ISO-8601 date-time such as 2026-03-01T09:00:00Z, got '${shown(value)}'`);
  }
  return time;
}

export const parseOptionalTime = (field: string, value: string | null | undefined): number | null | undefined =>
  value === undefined || value === null ? value : parseTime(field, value);

/**
 * Characters refused in any text, each with the reason a person reads. Both backends then store
 * and return the same text: a lone surrogate is not Unicode at all (PostgreSQL's driver replaces
 * it, SQLite keeps it), controls are never meant as text (PostgreSQL refuses NUL outright), and
 * bidirectional overrides make a text read differently from what is stored ("Trojan Source").
 */
const refused: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /\p{Cs}/u, what: 'a lone surrogate (half of a character, not valid Unicode)' },
  // C0 other than tab, newline and carriage return; DEL; C1.
  { pattern: /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/, what: 'control characters' },
  { pattern: /[\u202A-\u202E\u2066-\u2069]/, what: 'bidirectional override characters' },
];

/** Whitespace, format characters (zero-width spaces and joiners, soft hyphens, BOM) and the Hangul fillers. */
const invisible = /^[\s\p{Cf}\u115F\u1160\u3164\uFFA0]*$/u;

const codePoint = (character: string): string => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Refuses what is not plain text (see `refused`) and returns the text in Unicode NFC, the one form stored. */
export function checkPlainText(field: string, value: string): string {
  for (const { pattern, what } of refused) {
    const found = pattern.exec(value);
    if (found) throw validationFailed(`'${field}' must not contain ${what}, found ${codePoint(found[0])} at position ${found.index}`);
  }
  return value.normalize('NFC');
}

export function checkLength(field: string, value: string, min: number, max: number): string {
  const trimmed = checkPlainText(field, value).trim();
  if (trimmed.length < min || trimmed.length > max) {
    const range = min === 0 ? `at most ${max}` : `${min} to ${max}`;
    throw validationFailed(`'${field}' must be ${range} characters, got ${trimmed.length}`);
  }
  if (min > 0 && invisible.test(trimmed)) {
    throw validationFailed(`'${field}' must contain a visible character, got only invisible ones (${codePoint(trimmed)} …)`);
  }
  return trimmed;
}
