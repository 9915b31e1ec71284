/**
 * What a store module written once for both backends runs its queries through. Parameters are
 * positional, `$1`, `$2`, …: PostgreSQL's own form, which SQLite reads as names bound in order.
 */
export interface Queryable {
  rows<R>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  one<R>(sql: string, params?: readonly unknown[]): Promise<R | undefined>;
  /** Runs a write and returns how many rows it touched. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
}
