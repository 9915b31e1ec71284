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

export function checkLength(field: string, value: string, min: number, max: number): string {
  const trimmed = value.trim();
  if (trimmed.length < min || trimmed.length > max) {
    const range = min === 0 ? `at most ${max}` : `${min} to ${max}`;
    throw validationFailed(`'${field}' must be ${range} characters, got ${trimmed.length}`);
  }
  return trimmed;
}
