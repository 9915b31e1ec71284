import { createHash } from 'node:crypto';
import { validationFailed } from './errors.js';

export const defaultPageSize = 25;
export const maxPageSize = 100;

export function pageSize(limit: number | undefined): number {
  if (limit === undefined) return defaultPageSize;
  if (!Number.isInteger(limit) || limit < 1 || limit > maxPageSize) {
    throw validationFailed(`'limit' must be a whole number from 1 to ${maxPageSize}, got ${limit}`);
  }
  return limit;
}

/** A cursor remembers a digest of the filters it was issued for, so reuse with others is caught. */
const digest = (filters: unknown): string =>
  createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 16);

export function encodeCursor(filters: unknown, position: unknown): string {
  return Buffer.from(JSON.stringify({ f: digest(filters), p: position })).toString('base64url');
}

/** The position a cursor carries; `isPosition` checks its shape so a forged cursor is refused. */
export function decodeCursor<T>(cursor: string, filters: unknown, isPosition: (value: unknown) => value is T): T {
  let parsed: { f?: unknown; p?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { f?: unknown; p?: unknown };
  } catch {
    throw validationFailed(`'cursor' is not a cursor this server issued`);
  }
  if (typeof parsed !== 'object' || parsed === null || !isPosition(parsed.p)) {
    throw validationFailed(`'cursor' is not a cursor this server issued`);
  }
  if (parsed.f !== digest(filters)) throw validationFailed("'cursor' does not match these filters");
  return parsed.p;
}

export const isTuple =
  <A extends 'number' | 'string', B extends 'number' | 'string'>(first: A, second: B) =>
  (value: unknown): value is [A extends 'number' ? number : string, B extends 'number' ? number : string] =>
    Array.isArray(value) && value.length === 2 && typeof value[0] === first && typeof value[1] === second;
