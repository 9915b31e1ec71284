/**
 * The rows both backends read, and one mapper per record, live by noun in account-rows.ts,
 * survey-rows.ts and auth-rows.ts. The SQL stays with each backend; only the few column types
 * the dialects return differently vary, named by `Columns`.
 */
export interface Columns {
  /** A boolean column: SQLite 0/1, PostgreSQL boolean. */
  readonly flag: unknown;
  /** A list of strings: SQLite JSON text, PostgreSQL text[]. */
  readonly list: unknown;
  /** A JSON object: SQLite JSON text, PostgreSQL jsonb. */
  readonly object: unknown;
}

/** How one dialect's values of those columns read as plain values (see each backend's database.ts). */
export interface Dialect<C extends Columns> {
  flag(value: C['flag']): boolean;
  list(value: C['list']): string[];
  object(value: C['object']): Record<string, unknown>;
}

/** Case-insensitive lookup keys, kept in their own columns. */
export const emailKey = (email: string): string => email.trim().toLowerCase();
export const labelKey = (label: string): string => label.trim().toLowerCase();
