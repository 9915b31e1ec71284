import { validationFailed } from './errors.js';

/** An ISO-8601 date-time argument as epoch ms; `null` clears where clearing is allowed. */
export function parseTime(field: string, value: string): number {
  const time = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) {
    throw validationFailed(`'${field}' must be an ISO-8601 date-time such as 2026-03-01T09:00:00Z, got '${value}'`);
  }
  return time;
}

export const parseOptionalTime = (field: string, value: string | null | undefined): number | null | undefined =>
  value === undefined || value === null ? value : parseTime(field, value);

// C0 controls other than tab, newline and carriage return, and DEL: never meant as text, and
// PostgreSQL refuses NUL outright.
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function checkPlainText(field: string, value: string): string {
  const found = controlCharacter.exec(value);
  if (found) {
    const code = found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    throw validationFailed(`'${field}' must not contain control characters, found U+${code} at position ${found.index}`);
  }
  return value;
}

export function checkLength(field: string, value: string, min: number, max: number): string {
  const trimmed = checkPlainText(field, value).trim();
  if (trimmed.length < min || trimmed.length > max) {
    const range = min === 0 ? `at most ${max}` : `${min} to ${max}`;
    throw validationFailed(`'${field}' must be ${range} characters, got ${trimmed.length}`);
  }
  return trimmed;
}
