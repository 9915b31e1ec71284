import { expandTable, type Case, type NotApplicable } from '../variants/expand.js';
import { AUTHORIZATION_TABLE } from './authorization.js';
import { REVOCATION_TABLE } from './revocation.js';
import type { Baseline, Table } from './table.js';
import { TOKEN_TABLE } from './token.js';

/** Every table, in the order their cases run. */
export const TABLES: readonly Table<Baseline>[] = [AUTHORIZATION_TABLE, TOKEN_TABLE, REVOCATION_TABLE] as unknown as Table<Baseline>[];

const authorization = expandTable(AUTHORIZATION_TABLE);
const token = expandTable(TOKEN_TABLE);
const revocation = expandTable(REVOCATION_TABLE);

/** The authorization endpoint's and token endpoint's cases: they run after the authorization checks. */
export const AUTHORIZATION_CASES: readonly Case[] = [...authorization.cases, ...token.cases];

/** The revocation endpoint's cases: each revokes (or must not) a grant of its own, so they run while the main token works. */
export const REVOCATION_CASES: readonly Case[] = revocation.cases;

/** Every generated case. */
export const CASES: readonly Case[] = [...AUTHORIZATION_CASES, ...REVOCATION_CASES];

/** The points of the tables a cell rules out, each with why (docs/runner-cases.md lists them). */
export const NOT_APPLICABLE: readonly NotApplicable[] = [authorization, token, revocation].flatMap((expansion) => expansion.notApplicable);

/** Each table's expansion beside its endpoint and bound axes, for the report's counts. */
export const EXPANSIONS = TABLES.map((table, index) => ({ endpoint: table.endpoint, binds: table.binds, ...[authorization, token, revocation][index]! }));
