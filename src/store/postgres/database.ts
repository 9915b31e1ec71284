import pg from 'pg';
import { redactUrl } from '../../redact-url.js';
import { StoreOptionError, StoreUnavailableError } from '../errors.js';
import type { EditFailure } from '../edit-policy.js';
import type { Queryable } from '../queryable.js';
import type { Dialect } from '../rows.js';
import { surveyFilters } from '../survey-filters.js';
import { migrations } from './migrations/index.js';
import { FairTurns } from '../fair-turns.js';

export interface PostgresDatabase extends Queryable {
  /** The URL without its query and with its password masked: safe for messages and logs. */
  readonly location: string;
  /** Runs `work` between BEGIN and COMMIT on one pooled client; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * For reads that may scan a survey (a `where` filter, aggregates over the answer index): on
   * the pool, at most half its connections at once, in fair turns between people (FairTurns),
   * so that one person's searches in flight never hold every connection while others wait for
   * one; in a transaction, its own connection.
   */
  readonly scanning: Pick<Queryable, 'rows' | 'one'>;
  close(): Promise<void>;
}

/** Collects positional parameters while a query's text is built: `params.add(x)` gives `$n`. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const POOL_SIZE = /^[1-9][0-9]{0,2}$/;
/** Connections each instance keeps when the URL does not say (`?pool_size=N`). */
const defaultPoolSize = 10;

interface Location {
  readonly config: pg.PoolConfig;
  readonly display: string;
  readonly schema: string | undefined;
}

/**
 * Splits the `?schema=NAME` and `?pool_size=N` options off a postgres:// URL (pg itself knows
 * nothing of them): the schema becomes a search_path for every connection of the pool, N the
 * most connections it opens.
 */
function parseLocation(url: string): Location {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema') ?? undefined;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new StoreOptionError(
      `--db schema '${schema}' is not a plain schema name: use lowercase letters, digits and underscores, starting with a letter`,
    );
  }
  const poolSize = parsed.searchParams.get('pool_size') ?? String(defaultPoolSize);
  if (!POOL_SIZE.test(poolSize)) throw new StoreOptionError(`--db pool_size '${poolSize}' is not a number of connections from 1 to 999`);
  parsed.searchParams.delete('pool_size');
  const options = [parsed.searchParams.get('options'), schema && `-c search_path=${schema}`].filter(Boolean).join(' ');
  parsed.searchParams.delete('schema');
  parsed.searchParams.delete('options');
  // Messages name the server and database; the query's connection options would only lengthen them.
  const shown = new URL(parsed.href);
  shown.search = '';
  shown.port ||= '5432';
  return {
    config: { connectionString: parsed.href, max: Number(poolSize), ...(options && { options }) },
    display: redactUrl(shown.href),
    schema,
  };
}

/** BIGINT (epoch ms, counts) arrives as a JS number; every value the store keeps is far below 2^53. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

const LOST_CONNECTION = /connection terminated|connection error|not queryable|timeout exceeded when trying to connect|server closed the connection/i;

/** Errors that mean "the database is not there", as opposed to a query the database refused. */
function isConnectionError(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  const code = errorCode(error);
  if (code !== undefined && /^E[A-Z_]+$/.test(code)) return true;
  // SQLSTATE class 08 is "connection exception"; 57P01-57P03 mean the server is shutting down or starting.
  if (code !== undefined && (code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
  return !(error instanceof pg.DatabaseError) && error instanceof Error && LOST_CONNECTION.test(error.message);
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code;
  // Node reports a failed dual-stack connect as an AggregateError of the attempts.
  if (error instanceof AggregateError) return errorCode(error.errors[0]);
  return undefined;
}

/** The SQLSTATE of a unique violation, optionally only on the named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return (
    error instanceof pg.DatabaseError &&
    error.code === '23505' &&
    (constraint === undefined || error.constraint === constraint)
  );
}

/**
 * What a failed unit of edits means for `runEdit`: deadlock (40P01) and serialisation failure
 * (40001) are worth a retry; a lock not granted in time (55P03) means the survey is busy.
 */
export function classifyEditFailure(error: unknown): EditFailure {
  if (!(error instanceof pg.DatabaseError)) return 'other';
  if (error.code === '40P01' || error.code === '40001') return 'transient';
  return error.code === '55P03' ? 'busy' : 'other';
}

/** The database as seen from inside a transaction: nested `transaction` calls join it. */
export const inTransaction = (tx: Queryable, location: string): PostgresDatabase => ({
  ...tx,
  location,
  scanning: tx,
  transaction: (work) => work(tx),
  // The transaction's client goes back to the pool when the transaction ends.
  close: async () => {},
});

function unavailable(display: string, error: unknown): StoreUnavailableError {
  const reason = errorCode(error)?.match(/^E[A-Z_]+$/)?.[0] ?? (error as Error).message;
  return new StoreUnavailableError(`store unavailable: ${display} (${reason})`, { cause: error });
}

const statementNames = new Map<string, string>();

/**
 * Marks `sql` as one of the few statements (nearly) every request runs: each connection parses
 * and plans it once, under a name, instead of on every call (4-5x less PostgreSQL CPU for the
 * joins of a bearer check). Returns `sql`, for use as a constant. Such a statement names its
 * columns or returns JSON, never `*`: PostgreSQL refuses a prepared plan whose result columns
 * changed, as another instance's migration adding a column would change them.
 */
export function prepared(sql: string): string {
  if (!statementNames.has(sql)) statementNames.set(sql, `survey_mcp_${statementNames.size + 1}`);
  return sql;
}

function queryable(client: pg.Pool | pg.PoolClient, translate: (error: unknown) => unknown): Queryable {
  const query = async (sql: string, params: readonly unknown[] = []) => {
    const name = statementNames.get(sql);
    try {
      return await client.query(name === undefined ? sql : { name, text: sql }, params as unknown[]);
    } catch (error) {
      throw translate(error);
    }
  };
  return {
    async rows<R>(sql: string, params?: readonly unknown[]) {
      return (await query(sql, params)).rows as R[];
    },
    async one<R>(sql: string, params?: readonly unknown[]) {
      return (await query(sql, params)).rows[0] as R | undefined;
    },
    async run(sql, params) {
      return (await query(sql, params)).rowCount ?? 0;
    },
  };
}

/**
 * Opens a pool on `url` and brings the schema up to date. Fails with `StoreUnavailableError`
 * when the server cannot be reached. Afterwards a query on a lost connection fails with the same
 * error, and the pool opens fresh connections by itself once the server is back.
 */
export async function openPostgresDatabase(url: string): Promise<PostgresDatabase> {
  const { config, display, schema } = parseLocation(url);
  const pool = new pg.Pool({ ...config, types, keepAlive: true, connectionTimeoutMillis: 10_000 });
  // An idle connection that breaks emits here; the pool has already dropped it, and the next
  // query will report the outage, so there is nothing more to do (unhandled, it would crash).
  pool.on('error', () => {});
  const translate = (error: unknown) => (isConnectionError(error) ? unavailable(display, error) : error);

  const transaction = async <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw translate(error);
    }
    try {
      await client.query('BEGIN');
      const result = await work(queryable(client, (error) => error));
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      const broken = isConnectionError(error) || (await client.query('ROLLBACK').then(() => false, () => true));
      // A broken client is destroyed rather than handed to the next caller.
      client.release(broken);
      throw translate(error);
    }
  };

  try {
    await transaction((tx) => migrate(tx, schema));
  } catch (error) {
    await pool.end();
    throw error;
  }

  const onPool = queryable(pool, translate);
  const turns = new FairTurns(Math.max(1, Math.floor(config.max! / 2)));
  return {
    location: display,
    ...onPool,
    scanning: {
      rows: (sql, params) => turns.run(() => onPool.rows(sql, params)),
      one: (sql, params) => turns.run(() => onPool.one(sql, params)),
    },
    transaction,
    close: () => pool.end(),
  };
}

/**
 * Applies pending migrations in one transaction. The advisory lock (keyed by the search_path)
 * makes a second instance starting at the same moment wait, then find nothing left to do.
 */
async function migrate(tx: Queryable, schema: string | undefined): Promise<void> {
  await tx.run(`SELECT pg_advisory_xact_lock(hashtext('survey-mcp migrate ' || current_setting('search_path')))`);
  if (schema !== undefined) await tx.run(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await tx.run(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)',
  );
  const applied = (await tx.one<{ version: number }>('SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations'))!.version;
  if (applied > migrations.length) {
    throw new Error(
      `database schema version ${applied} is newer than this survey-mcp (knows ${migrations.length}); upgrade survey-mcp`,
    );
  }
  for (let version = applied; version < migrations.length; version++) {
    await tx.run(migrations[version]!);
    await tx.run('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [version + 1, Date.now()]);
  }
}

/** PostgreSQL's types for the columns the dialects differ on (see `Columns`): pg already decodes them. */
export interface PostgresColumns {
  readonly flag: boolean;
  readonly list: string[];
  readonly object: Record<string, unknown>;
}

export const postgresDialect: Dialect<PostgresColumns> = {
  flag: (value) => value,
  list: (value) => value,
  object: (value) => value,
};

export const postgresFilters = surveyFilters({
  bindList: (values, params) => params.add(values),
  oneOf: (column, list) => `${column} = ANY(${list}::text[])`,
  // ILIKE under the "C" collation folds ASCII letters only, as SQLite's LIKE does.
  like: (column, pattern) => `${column} ILIKE ${pattern}`,
  answersOfResponse: (alias) => `answers ${alias}`,
});
