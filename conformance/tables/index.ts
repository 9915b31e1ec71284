import { expandTable, type Case, type NotApplicable } from '../variants/expand.js';
import { AUTHORIZATION_TABLE } from './authorization.js';
import { REVOCATION_TABLE } from './revocation.js';
import { TOKEN_CODE_TABLE } from './token-code.js';
import { TOKEN_REFRESH_TABLE } from './token-refresh.js';

const authorization = expandTable(AUTHORIZATION_TABLE);
const code = expandTable(TOKEN_CODE_TABLE);
const refresh = expandTable(TOKEN_REFRESH_TABLE);
const revocation = expandTable(REVOCATION_TABLE);

/** The authorization endpoint's and token endpoint's cases: they run after the authorization checks. */
export const AUTHORIZATION_CASES: readonly Case[] = [...authorization.cases, ...code.cases, ...refresh.cases];

/** The revocation endpoint's cases: each revokes (or must not) a grant of its own, so they run while the main token works. */
export const REVOCATION_CASES: readonly Case[] = revocation.cases;

/** Every generated case. */
export const CASES: readonly Case[] = [...AUTHORIZATION_CASES, ...REVOCATION_CASES];

/** The points of the tables a client kind does not take, each with why (docs/runner-cases.md lists them). */
export const NOT_APPLICABLE: readonly NotApplicable[] = [authorization, code, refresh, revocation].flatMap((expansion) => expansion.notApplicable);

/** Cases per table, for the docs and the budget test. */
export const CASE_COUNTS = { authorize: authorization.cases.length, 'token (code)': code.cases.length, 'token (refresh)': refresh.cases.length, revocation: revocation.cases.length };
