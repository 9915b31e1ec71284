import type { CheckContext } from './context.js';

/** Groups in the order they run and are reported. */
export const GROUPS = [
  'discovery',
  'registration',
  'authorization',
  'mcp',
  'tool-errors',
  'rate-limits',
  'revocation',
] as const;

export type Group = (typeof GROUPS)[number];

/** MUST failures fail the run; SHOULD failures are reported as warnings. */
export type Level = 'MUST' | 'SHOULD';

export interface Check {
  /** Unique across all groups, kebab-case; also the file name under checks/<group>/. */
  readonly id: string;
  readonly group: Group;
  readonly title: string;
  /** Where the rule comes from, e.g. `section 5.4` of the interface specification. */
  readonly spec: string;
  readonly level: Level;
  /** Needs a person to sign in (a token or a fresh authorization). */
  readonly needsSignIn: boolean;
  /**
   * Proves the rule or throws CheckFailed / CheckSkipped. Resolves to a one-line account of what
   * was observed; the requests made while it runs are recorded as its evidence.
   */
  run(ctx: CheckContext): Promise<string>;
}

export class CheckFailed extends Error {
  override readonly name = 'CheckFailed';
}

export class CheckSkipped extends Error {
  override readonly name = 'CheckSkipped';
}

export function fail(reason: string): never {
  throw new CheckFailed(reason);
}

export function skip(reason: string): never {
  throw new CheckSkipped(reason);
}
