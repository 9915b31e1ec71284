import type { Check } from './check.js';
import type { Group } from './groups.js';

/**
 * What a check needs from the deployment before its own rule can be judged. When one fails, the
 * checks that need it are reported as blocked by the check that found it (the root cause), not
 * as failures of their own: a deployment publishing internal addresses is one failure, not 90.
 *
 * Declared here, per group with per-check overrides, rather than in each check's file, so that
 * the whole dependency graph reads in one place.
 */
export type Prerequisite =
  /** Its metadata documents, served and naming the addresses the runner was given. */
  | 'discovery'
  /** The runner can register itself as a client. */
  | 'registration'
  /** A person can sign in and the code earns tokens. */
  | 'sign-in'
  /** The session's token works at the MCP endpoint. */
  | 'token'
  /** The deployment answers within the MCP budget the runner was told, as itself (no proxy rewriting). */
  | 'rate-limit-budget';

/**
 * The checks that prove a prerequisite: the first of them to fail is its root cause. Later
 * providers of the same prerequisite are blocked like any dependant, so the cause is named once.
 */
const PROVIDERS: Readonly<Record<Prerequisite, readonly string[]>> = {
  discovery: [
    'protected-resource-metadata',
    'authorization-server-metadata',
    'issuer-matches-base-url',
    'resource-matches-base-url',
    'endpoints',
  ],
  registration: ['registration-response'],
  'sign-in': ['authorization-code-flow'],
  token: ['initialize', 'modern-discover'],
  'rate-limit-budget': ['mcp-rate-limit-enforced'],
};

const SIGNED_IN: readonly Prerequisite[] = ['discovery', 'registration', 'sign-in', 'token', 'rate-limit-budget'];

const GROUP_NEEDS: Readonly<Record<Group, readonly Prerequisite[]>> = {
  // Each document and field is judged on its own; the other groups need them.
  discovery: [],
  registration: ['discovery', 'registration'],
  authorization: ['discovery', 'registration', 'sign-in'],
  mcp: SIGNED_IN,
  'tool-errors': SIGNED_IN,
  'modern-mcp': SIGNED_IN,
  confirmations: SIGNED_IN,
  // An ID-JAG stands in for the sign-in: the runner's client and the metadata are all it needs.
  'id-jag': ['discovery', 'registration'],
  'rate-limits': SIGNED_IN,
  revocation: ['discovery', 'registration', 'sign-in', 'token'],
  // Judged after the checks on whatever exchanges the run made: never blocked.
  invariants: [],
};

/** Where a check needs more or less than its group's default. */
const OVERRIDES: Readonly<Record<string, readonly Prerequisite[]>> = {
  // Where the metadata points: one wrong address (an internal one published) is one root cause, not three.
  'issuer-matches-base-url': ['discovery'],
  'resource-matches-base-url': ['discovery'],
  endpoints: ['discovery'],
  'challenge-metadata-names-resource': ['discovery'],
  'metadata-at-authorization-origin': ['discovery'],
  // The unauthenticated budget is counted without a token, but needs the MCP budget understood.
  'unauthenticated-not-counted': ['discovery', 'rate-limit-budget'],
  // Spends the registration budget only: it needs the endpoint, not a session.
  'registration-rate-limit': ['discovery', 'registration'],
};

/** The prerequisites a check needs: its override, else its group's, without sign-in where it needs none. */
export function prerequisitesOf(check: Pick<Check, 'id' | 'group' | 'needsSignIn'>): readonly Prerequisite[] {
  const declared = OVERRIDES[check.id] ?? GROUP_NEEDS[check.group];
  if (check.needsSignIn) return declared;
  return declared.filter((need) => need !== 'sign-in' && need !== 'token' && need !== 'rate-limit-budget');
}

/** The prerequisites a check proves: when it fails, they fail with it. */
export function providedBy(checkId: string): readonly Prerequisite[] {
  return (Object.keys(PROVIDERS) as Prerequisite[]).filter((need) => PROVIDERS[need].includes(checkId));
}

/**
 * The prerequisite behind a shared step of the run's context (context.ts names them), so that a
 * check whose step failed is blocked when another check already failed for the same reason.
 */
export function prerequisiteOfStep(step: string): Prerequisite | undefined {
  if (step.startsWith('fetch ') || step === 'read the authorization server metadata') return 'discovery';
  if (step === 'register the runner as a client') return 'registration';
  if (step === 'sign in and obtain a token') return 'sign-in';
  if (step === 'initialize over MCP' || step === 'renew the main access token') return 'token';
  return undefined;
}
