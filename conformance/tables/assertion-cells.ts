import type { ClientKindName } from '../variants/axes.js';
import { mintAssertion, type FormPairs } from '../variants/client-kinds.js';
import { INVALID_CLIENT, omit, refusal, replace, type Baseline, type Cell, type Cost, type Mutation } from './table.js';

/** Client authentication by assertion is cimd-jwt's alone; the public kinds send client_id only. */
export const JWT_ONLY = { only: ['cimd-jwt'] as ClientKindName[], why: 'a public client sends no client_assertion to spoil' } as const;

/** A request naming its client by an assertion's sub may leave client_id out (RFC 7523 section 3): the public kinds only. */
export const PUBLIC_ONLY = {
  only: ['dcr-public', 'cimd-public'] as ClientKindName[],
  why: "a private_key_jwt request names its client in the assertion's sub, so client_id may be left out (RFC 7523 section 3)",
} as const;

/** A public client's token request without client_id (OAuth 2.1 for public clients), on either grant. */
export function clientIdOmitted<B extends Baseline>(grantRule: string, consumes: Cost): Cell<B> {
  return {
    mutation: 'omitted',
    change: async ({ pairs }) => omit(pairs, 'client_id'),
    // Which code names the missing client is rfc6749-5.2-errors' (token-error-responses); here, only that nothing is issued.
    expect: refusal(['invalid_request', 'invalid_client', 'invalid_grant'], [400, 401]),
    rules: ['mcp-2026-07-28-as-oauth21', grantRule],
    consumes,
    clients: PUBLIC_ONLY,
  };
}

/**
 * The client_assertion negatives of a token request (RFC 7523 section 3, RFC 7521 section 4.2),
 * the same on either grant. `acceptFirst` spends the assertion once in a valid request of the same
 * client and gives the valid request to replay it in, so that the replay changes only its jti.
 */
export function assertionCells<B extends Baseline>(
  acceptFirst: (baseline: B, assertion: string) => Promise<FormPairs>,
  knownAs: Partial<Record<Mutation, string>> = {},
): Cell<B>[] {
  const spoiled = (mutation: Cell<B>['mutation'], rules: Cell<B>['rules'], make: (baseline: B) => Promise<string>): Cell<B> => ({
    mutation,
    change: async (baseline) => replace(baseline.pairs, 'client_assertion', await make(baseline)),
    expect: INVALID_CLIENT,
    rules,
    consumes: 'code',
    clients: JWT_ONLY,
  });
  const cells: Cell<B>[] = [
    {
      mutation: 'omitted',
      change: async ({ pairs }) => omit(omit(pairs, 'client_assertion'), 'client_assertion_type'),
      expect: INVALID_CLIENT,
      rules: ['cimd-6.2-confidential-auth', 'rfc7523-3.2-invalid-client'],
      consumes: 'code',
      clients: JWT_ONLY,
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
  return cells.map((cell) => (knownAs[cell.mutation] ? { ...cell, knownAs: knownAs[cell.mutation] } : cell));
}
