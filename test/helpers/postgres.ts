import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL the tests use: a local server with trust auth, unless the environment names another. */
export const testPostgresUrl = process.env.SURVEY_MCP_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A schema name no other test run uses: each test file (and test) gets its own tables. */
export const uniqueSchema = (label: string): string => `test_${label}_${randomBytes(5).toString('hex')}`;

/** The test URL with `?schema=NAME` (and any other query parameters) added. */
export function postgresUrl(schema: string, base = testPostgresUrl): string {
  const url = new URL(base);
  url.searchParams.set('schema', schema);
  return url.href;
}

/** Runs one statement on a short-lived connection outside any store, e.g. to drop a test schema. */
export async function adminQuery<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * One schema per statement: dropping a whole file's schemas at once takes a lock per table and
 * index of each in one transaction, which can overflow the server's shared lock table
 * ("out of shared memory") while other test runs use it too.
 */
export async function dropSchemas(schemas: Iterable<string>): Promise<void> {
  for (const name of schemas) await adminQuery(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
}
