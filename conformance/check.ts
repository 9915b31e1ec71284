import type { CheckContext } from './context.js';
import type { Era, Group, Level } from './groups.js';
import type { Variant } from './variants/axes.js';

export { GROUPS, type Era, type Group, type Level } from './groups.js';

/**
 * The era a check proves, from its group unless it names its own: the MCP and tool-error checks
 * speak 2025-11-25 (initialize, then requests), the modern group 2026-07-28 (server/discover,
 * `_meta` on every request); discovery, OAuth, rate limits and revocation hold in both.
 */
export function eraOf(check: Pick<Check, 'group' | 'era'>): Era {
  if (check.era) return check.era;
  if (check.group === 'mcp' || check.group === 'tool-errors') return '2025-11-25';
  return check.group === 'modern-mcp' ? '2026-07-28' : 'any';
}

export interface Check {
  /** Unique across all groups, kebab-case; also the file name under checks/<group>/. */
  readonly id: string;
  readonly group: Group;
  readonly title: string;
  /** Where the rule comes from, e.g. `section 5.4` of the interface specification. */
  readonly spec: string;
  readonly level: Level;
  /**
   * The era when not its group's: `any` for a check that speaks each era the deployment offers
   * (an extension of both revisions, as MCP Apps).
   */
  readonly era?: Era;
  /** Needs a person to sign in (a token or a fresh authorization). */
  readonly needsSignIn: boolean;
  /**
   * Provokes the 429 of a limit other than the budget on purpose (the in-flight bound): its 429s
   * say nothing of --mcp-rate-limit, so the root-cause diagnosis leaves them out.
   */
  readonly refusedByOtherLimit?: true;
  /** `case`: generated from a parameter table (conformance/tables/), one change to a valid request. */
  readonly kind?: 'case';
  /** The requirement ids a case proves (a hand-written check is traced by the manifest instead). */
  readonly rules?: readonly string[];
  /** A case's table, parameter and mutation whatever the variant (`token.client_assertion.alg-none`): `--only` takes it too. */
  readonly family?: string;
  /** The axis values a case runs under, e.g. `{ client: 'cimd-jwt', grant: 'code' }`. */
  readonly variant?: Variant;
  /**
   * Proves the rule or throws CheckFailed / CheckSkipped / CheckNotVerified. Resolves to a one-line account of what
   * was observed; the requests made while it runs are recorded as its evidence.
   */
  run(ctx: CheckContext): Promise<string>;
}

export class CheckFailed extends Error {
  override readonly name = 'CheckFailed';

  constructor(
    message: string,
    /** What to fix, in a line, when the check recognises the cause: the causes summary's key. */
    readonly diagnosis?: string,
  ) {
    super(message);
  }
}

/** The rule does not apply to this deployment: an era or a feature it shows it does not offer. */
export class CheckSkipped extends Error {
  override readonly name: string = 'CheckSkipped';
}

/**
 * The rule may apply, but this run cannot judge it: it needs an opt-in flag, a document the user
 * hosts, or a headless sign-in. Reported as NOT VERIFIED, apart from skips, in every format; a
 * skip all the same to a check that tries several branches and keeps those it could judge.
 */
export class CheckNotVerified extends CheckSkipped {
  override readonly name = 'CheckNotVerified';
}

export function fail(reason: string, diagnosis?: string): never {
  throw new CheckFailed(reason, diagnosis);
}

export function skip(reason: string): never {
  throw new CheckSkipped(reason);
}

/** `reason` says what the run lacks and how to give it (the flag to pass). */
export function notVerified(reason: string): never {
  throw new CheckNotVerified(reason);
}
