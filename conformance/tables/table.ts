import type { Group, Level } from '../check.js';
import type { CheckContext } from '../context.js';
import type { AxisName, AxisValue, Variant } from '../variants/axes.js';
import type { ClientKind, FormPairs } from '../variants/client-kinds.js';

/**
 * The ways one parameter is spoiled, each on an otherwise valid, fresh request: left out, sent
 * empty or twice, malformed for its type, replaced by another client's (person's, token kind's)
 * value, replayed after one valid use, expired, or for a JWT unsigned (`alg: none`) or signed by
 * another key; for a redirect URI, a path added or the loopback host aliased.
 */
export const MUTATIONS = [
  'omitted',
  'empty',
  'repeated',
  'malformed',
  'other-client',
  'other-value',
  'replayed',
  'expired',
  'alg-none',
  'bad-signature',
  'extended-path',
  'loopback-alias',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

/** What spoiling one parameter costs: a code (one sign-in walk; on the refresh grant, the grant it is redeemed into), a whole grant, or nothing. */
export type Cost = 'nothing' | 'code' | 'grant';

/**
 * What a rule requires of the answer to a spoiled request, as a set (never one exact answer a
 * conformant deployment may vary): a JSON refusal with any of `statuses` and `errors` and no token
 * issued; at the authorization endpoint an error page (never a redirect) or any refusal but a
 * code; at revocation, the token left working.
 */
export type Expectation =
  | { readonly kind: 'refusal'; readonly statuses: readonly number[]; readonly errors: readonly string[] }
  | { readonly kind: 'error-page' }
  | { readonly kind: 'no-code' }
  | { readonly kind: 'not-revoked' }
  | { readonly kind: 'revoked' };

export const refusal = (errors: readonly string[], statuses: readonly number[] = [400]): Expectation => ({ kind: 'refusal', statuses, errors });
/** RFC 6749 section 5.2: a client that fails to authenticate gets invalid_client, 401 or 400. */
export const INVALID_CLIENT = refusal(['invalid_client'], [400, 401]);

export function describeExpectation(expect: Expectation): string {
  switch (expect.kind) {
    case 'refusal':
      return `HTTP ${expect.statuses.join(' or ')} with ${expect.errors.map((error) => `"${error}"`).join(' or ')}, no token issued`;
    case 'error-page':
      return 'an error page, no redirect';
    case 'no-code':
      return 'refused (an error page or an error redirect), no code issued';
    case 'not-revoked':
      return 'the token left working';
    case 'revoked':
      return 'HTTP 200, and the token stops working';
  }
}

/** A fresh, valid request: the client that makes it and its form (or query) fields. */
export interface Baseline {
  readonly ctx: CheckContext;
  readonly kind: ClientKind;
  readonly variant: Variant;
  readonly pairs: FormPairs;
}

/**
 * One mutation of one parameter: the change (exactly one), the answer its rules require, what it
 * costs, and the client kinds it means something for.
 */
export interface Cell<B extends Baseline> {
  readonly mutation: Mutation;
  /** The request with the one change; may first spend the baseline once (a replay). */
  change(baseline: B): Promise<FormPairs>;
  /** What the rule requires of the answer. */
  readonly expect: Expectation;
  /** The requirement ids (conformance/requirements/) this cell proves at every point; with `axisRules`, at least one. */
  readonly rules: readonly string[];
  /** Rules an axis value proves besides `rules` (a CIMD client's redirect URIs are its document's). */
  readonly axisRules?: { readonly [A in AxisName]?: Partial<Record<AxisValue<A>, readonly string[]>> };
  readonly consumes: Cost;
  /** MUST unless the rules say SHOULD. */
  readonly level?: Level;
  /** Per bound axis, the values it applies to, with the reason for the others (listed as n/a rows). */
  readonly limits?: { readonly [A in AxisName]?: Limit<A> };
  /** The id of the hand-written check this case replaced, kept for the baseline variant. */
  readonly knownAs?: string;
  /** The point `knownAs` names (`cimd-jwt+refresh`), when not the cell's first applicable one. */
  readonly knownAsAt?: string;
}

/** The values of one axis a cell means something for, and why not the others. */
export interface Limit<A extends AxisName> {
  readonly only: readonly AxisValue<A>[];
  readonly why: string;
}

export interface Row<B extends Baseline> {
  /** The parameter as sent: a form field, query parameter or JWT claim. */
  readonly parameter: string;
  readonly cells: readonly Cell<B>[];
}

/**
 * One endpoint's parameters and their negatives (docs/runner-variants.md): written once, crossed
 * by the generator with every client kind the cell applies to.
 */
export interface Table<B extends Baseline> {
  /** The prefix of its case ids: `token`, `revocation`, `authorize`. */
  readonly endpoint: string;
  readonly group: Group;
  /** What a request of `variant` is, in words: `a refresh`, `a revocation of its refresh token`. */
  title(variant: Variant): string;
  /** The axes it is crossed with (client kind, grant, token kind). */
  readonly binds: readonly AxisName[];
  readonly rows: readonly Row<B>[];
  /** Whether its baseline needs a person signed in (a code or a grant); refusals at the authorization endpoint do not. */
  readonly needsSignIn: boolean;
  /** A fresh valid request of `kind` (a new authorization, grant or nothing). */
  baseline(ctx: CheckContext, kind: ClientKind, variant: Variant): Promise<B>;
  /** Sends the changed request and judges the answer against `cell` (`what` names it); the account when it holds. */
  judge(baseline: B, pairs: FormPairs, cell: Cell<B>, what: string): Promise<string>;
}

/** Form helpers: each makes exactly one change to the pairs. */
export const omit = (pairs: FormPairs, name: string): FormPairs => pairs.filter(([field]) => field !== name);

export const replace = (pairs: FormPairs, name: string, value: string): FormPairs =>
  pairs.map(([field, old]) => [field, field === name ? value : old] as const);

export const repeat = (pairs: FormPairs, name: string): FormPairs => pairs.flatMap((pair) => (pair[0] === name ? [pair, pair] : [pair]));

export const valueOf = (pairs: FormPairs, name: string): string => pairs.find(([field]) => field === name)?.[1] ?? '';

/** The change a mutation makes, in words, for messages. */
export const CHANGE_WORDS: Readonly<Record<Mutation, string>> = {
  omitted: 'left out',
  empty: 'sent empty',
  repeated: 'sent twice',
  malformed: 'malformed',
  'other-client': "replaced by another client's",
  'other-value': 'replaced by another valid-looking value',
  replayed: 'replayed (already used once)',
  expired: 'expired',
  'alg-none': 'unsigned (alg: none)',
  'bad-signature': 'signed by a key the client does not publish',
  'extended-path': 'extended with a path',
  'loopback-alias': 'with its loopback host aliased (127.0.0.1 for localhost and back)',
};
