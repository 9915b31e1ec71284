import { secondClient } from '../checks/authorization/experiments.js';
import { mintAssertion, type FormPairs } from '../variants/client-kinds.js';
import { INVALID_CLIENT, omit, refusal, repeat, replace, type Baseline, type Cell, type Limit, type Mutation } from './table.js';

/** Client authentication by assertion is cimd-jwt's alone; the public kinds send client_id only. */
export const JWT_ONLY: Limit<'client'> = { only: ['cimd-jwt'], why: 'a public client sends no client_assertion to spoil' };

/** A request naming its client by an assertion's sub may leave client_id out (RFC 7523 section 3): the public kinds only. */
export const PUBLIC_ONLY: Limit<'client'> = {
  only: ['dcr-public', 'cimd-public'],
  why: "a private_key_jwt request names its client in the assertion's sub, so client_id may be left out (RFC 7523 section 3)",
};

/** The rule binding a grant's token request to its client: the code's (RFC 6749 section 4.1.3) or the refresh token's (section 6). */
const GRANT_CLIENT_RULES = { grant: { code: ['rfc6749-4.1.3-client'], refresh: ['rfc6749-6-refresh-client'] } } as const;

/** Which code names a missing or foreign client is rfc6749-5.2-errors' (token-error-responses); here, only that nothing is issued. */
const CLIENT_REFUSED = refusal(['invalid_request', 'invalid_client', 'invalid_grant'], [400, 401]);

/** The client's authentication replaced by the run's second DCR client's client_id: the grant stays the variant client's. */
export async function asSecondClient(baseline: Baseline): Promise<FormPairs> {
  const other = await secondClient(baseline.ctx);
  const unauthenticated = omit(omit(baseline.pairs, 'client_assertion'), 'client_assertion_type');
  return replace(unauthenticated, 'client_id', other.clientId);
}

/**
 * The client_id negatives of a token request on either grant: a public client's left out or sent
 * empty (OAuth 2.1 for public clients; empty is omitted, RFC 6749 section 3.2), sent twice
 * (refused, section 3.2), or naming another client (the grant is bound to its client).
 */
export function clientIdCells<B extends Baseline>(): Cell<B>[] {
  const missing = { expect: CLIENT_REFUSED, rules: ['mcp-2026-07-28-as-oauth21'], axisRules: GRANT_CLIENT_RULES, consumes: 'code', limits: { client: PUBLIC_ONLY } } as const;
  return [
    { mutation: 'omitted', change: async ({ pairs }) => omit(pairs, 'client_id'), ...missing },
    { mutation: 'empty', change: async ({ pairs }) => replace(pairs, 'client_id', ''), ...missing, rules: ['mcp-2026-07-28-as-oauth21', 'rfc6749-3.2-parameters'] },
    { mutation: 'repeated', change: async ({ pairs }) => repeat(pairs, 'client_id'), expect: refusal(['invalid_request', 'invalid_client'], [400, 401]), rules: ['rfc6749-3.2-parameters'], consumes: 'code' },
    { mutation: 'other-client', change: asSecondClient, expect: CLIENT_REFUSED, rules: [], axisRules: GRANT_CLIENT_RULES, consumes: 'code' },
  ];
}

/**
 * The client_assertion negatives of a token request (RFC 7523 section 3, RFC 7521 section 4.2),
 * the same on either grant. `acceptFirst` spends the assertion once in a valid request of the same
 * client and gives the valid request to replay it in, so that the replay changes only its jti.
 */
export function assertionCells<B extends Baseline>(
  acceptFirst: (baseline: B, assertion: string) => Promise<FormPairs>,
  knownAs: Partial<Record<Mutation, readonly [id: string, at: string]>> = {},
): Cell<B>[] {
  const spoiled = (mutation: Cell<B>['mutation'], rules: Cell<B>['rules'], make: (baseline: B) => Promise<string>): Cell<B> => ({
    mutation,
    change: async (baseline) => replace(baseline.pairs, 'client_assertion', await make(baseline)),
    expect: INVALID_CLIENT,
    rules,
    consumes: 'code',
    limits: { client: JWT_ONLY },
  });
  const cells: Cell<B>[] = [
    {
      mutation: 'omitted',
      change: async ({ pairs }) => omit(omit(pairs, 'client_assertion'), 'client_assertion_type'),
      expect: INVALID_CLIENT,
      rules: ['cimd-6.2-confidential-auth', 'rfc7523-3.2-invalid-client'],
      consumes: 'code',
      limits: { client: JWT_ONLY },
    },
    spoiled('alg-none', ['rfc7523-3-signature', 'rfc7523-3.2-invalid-client'], ({ ctx }) => mintAssertion(ctx, { unsigned: true })),
    spoiled('bad-signature', ['rfc7523-3-signature'], ({ ctx }) => mintAssertion(ctx, { strangerKey: true })),
    // Two minutes past exp, outside any clock skew a deployment allows; issued four minutes ago, so
    // that a refusal for its age (iat, RFC 7523bis) alone does not pass for one of exp.
    spoiled('expired', ['rfc7523-3-exp'], ({ ctx }) => mintAssertion(ctx, { issuedAgo: 240, expiresIn: -120 })),
    {
      ...spoiled('replayed', ['rfc7523-3-jti'], async () => ''),
      async change(baseline) {
        const assertion = await mintAssertion(baseline.ctx);
        return replace(await acceptFirst(baseline, assertion), 'client_assertion', assertion);
      },
      level: 'SHOULD',
    },
  ];
  return cells.map((cell) => {
    const known = knownAs[cell.mutation];
    return known ? { ...cell, knownAs: known[0], knownAsAt: known[1] } : cell;
  });
}
