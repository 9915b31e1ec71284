import type { Era, Level } from '../groups.js';
import type { AxisName } from '../variants/axes.js';

export type { Era } from '../groups.js';

/** Where a rule is written. The contract wins where it speaks; the others fill in around it. */
export type RequirementSource =
  | 'contract'
  | 'field notes'
  | 'RFC 6749'
  | 'RFC 7009'
  | 'RFC 7636'
  | 'RFC 8252'
  | 'RFC 8414'
  | 'RFC 9207'
  | 'RFC 9700'
  | 'RFC 9728'
  | 'RFC 6750'
  | 'RFC 8707'
  /** JWT client authentication (private_key_jwt), where a deployment lists it (issue 35). */
  | 'RFC 7523'
  | 'RFC 7521'
  /** SEP-2640, io.modelcontextprotocol/skills, as the SDK 2.4.0 implements it. */
  | 'Skills extension'
  /** draft-ietf-oauth-client-id-metadata-document, the version MCP 2026-07-28 cites. */
  | 'CIMD draft'
  /** draft-ietf-oauth-identity-assertion-authz-grant (ID-JAG), MCP enterprise-managed authorization, where a deployment lists the profile (issue 45). */
  | 'ID-JAG draft'
  /** The io.modelcontextprotocol/ui extension, ext-apps specification 2026-01-26. */
  | 'MCP Apps'
  /** What peer tools (MCPJam's inspector, authprobe) check that the documents leave implicit. */
  | 'peer tools'
  | 'OAuth 2.1'
  | 'MCP 2025-11-25'
  | 'MCP 2026-07-28'
  /** What survey-mcp promises beyond the contract in its README and docs/tools.md (issue 37: confirmations). */
  | 'survey-mcp tools';

/**
 * How strongly the source binds: MUST (and MUST NOT, REQUIRED, SHALL), SHOULD (SHOULD NOT,
 * RECOMMENDED), or MAY (OPTIONAL): a permission, listed so the runner is seen to tolerate both
 * choices rather than to prove one.
 */
export type RequirementLevel = Level | 'MAY';

interface RequirementBase {
  /** Unique, kebab-case, prefixed by its source: `contract-5.4-missing-token`. */
  readonly id: string;
  readonly source: RequirementSource;
  readonly section: string;
  readonly level: RequirementLevel;
  /** The rule in one sentence, as a person would check it. */
  readonly rule: string;
  /** `any` for rules that hold whatever revision a request speaks (OAuth, bearer answers, limits), else the MCP revision that introduced it. */
  readonly era: Era;
  /**
   * The variant axes the rule holds over (`client`: for each client kind): the audit derives one
   * branch per value and wants each taken by a check or case of that value, n/a in a table, or
   * written as `missing('client: cimd-jwt', …)`.
   */
  readonly binds?: readonly AxisName[];
}

/**
 * One branch the sentence names (an era, a grant, a token kind, an endpoint or page, an input
 * form) and the catalog checks whose requests take it and fail when the deployment gets it wrong.
 * A branch no check takes yet says what is missing, so that it reads as a to-do and flips to
 * covered by putting the check's id in place of the reason.
 */
export type Branch = CoveredBranch | UncoveredBranch;

interface BranchBase {
  /** What the sentence names, e.g. `refresh grant`, `sign-in page`, `2026-07-28 era`. */
  readonly name: string;
  /** The era the branch is taken in, when not the requirement's own. */
  readonly era?: Era;
}

export interface CoveredBranch extends BranchBase {
  readonly checks: readonly [string, ...string[]];
}

export interface UncoveredBranch extends BranchBase {
  readonly checks: readonly [];
  /** What no check does yet, e.g. `no check sends the code grant with a wrong redirect_uri`. */
  readonly missing: string;
}

/** The name of the one branch of a sentence that names no alternatives. */
export const WHOLE_RULE = 'the rule';

/** Observable from outside: each branch names its checks, or says that none takes it yet. */
export interface ObservableRequirement extends RequirementBase {
  readonly branches: readonly [Branch, ...Branch[]];
}

/** Cannot be seen from outside the deployment; the reason says why. */
export interface UnobservableRequirement extends RequirementBase {
  readonly unobservable: string;
}

export type Requirement = ObservableRequirement | UnobservableRequirement;

/** proven: every branch has a check; partial: some branch has none yet; not observable: a reason instead. */
export type RequirementStatus = 'proven' | 'partial' | 'not observable';

export function isObservable(requirement: Requirement): requirement is ObservableRequirement {
  return 'branches' in requirement;
}

export function isCovered(branch: Branch): branch is CoveredBranch {
  return branch.checks.length > 0;
}

/** Proven only on every branch the sentence names. */
export function isProven(requirement: Requirement): boolean {
  return isObservable(requirement) && requirement.branches.every(isCovered);
}

export function statusOf(requirement: Requirement): RequirementStatus {
  if (!isObservable(requirement)) return 'not observable';
  return isProven(requirement) ? 'proven' : 'partial';
}

/** Every check any branch of the requirement names, once each, in order. */
export function checksOf(requirement: Requirement): string[] {
  return isObservable(requirement) ? [...new Set(requirement.branches.flatMap((branch) => branch.checks))] : [];
}

/** A branch taken by these checks; with none, write `missing(name, what)` instead. */
export function branch(name: string, ...checks: [string, ...string[]]): CoveredBranch {
  return { name, checks };
}

/** A named branch that one era alone takes, e.g. an expired token in a 2025-11-25 request. */
export function branchIn(era: Exclude<Era, 'any'>, name: string, ...checks: [string, ...string[]]): CoveredBranch {
  return { name, era, checks };
}

/** A branch in one era of a rule that binds both. */
export function inEra(era: Exclude<Era, 'any'>, ...checks: [string, ...string[]]): CoveredBranch {
  return { name: `${era} era`, era, checks };
}

/** A branch no check takes yet, and what such a check would do. */
export function missing(name: string, what: string, era?: Exclude<Era, 'any'>): UncoveredBranch {
  return { name, checks: [], missing: what, ...(era ? { era } : {}) };
}

/** An era of a rule that binds both, which no check takes yet. */
export function missingEra(era: Exclude<Era, 'any'>, what: string): UncoveredBranch {
  return missing(`${era} era`, what, era);
}

/** Checks alone prove a sentence of one branch; branches list a sentence of several. */
type Proof = readonly [string, ...string[]] | readonly [Branch, ...Branch[]] | { readonly unobservable: string };

function branchesOf(proof: readonly [string, ...string[]] | readonly [Branch, ...Branch[]]): readonly [Branch, ...Branch[]] {
  return typeof proof[0] === 'string'
    ? [{ name: WHOLE_RULE, checks: proof as readonly [string, ...string[]] }]
    : (proof as readonly [Branch, ...Branch[]]);
}

/**
 * A writer of one source's requirements, so the manifest reads as a table:
 * `must('contract-5.4-missing-token', '5.4', 'rule…', ['missing-token-401'])`, or with branches
 * `must(id, section, rule, [inEra('2025-11-25', 'a'), missingEra('2026-07-28', 'what')])`.
 */
export function requirementsFrom(source: RequirementSource, era: Era) {
  const make =
    (level: RequirementLevel) =>
    (id: string, section: string, rule: string, proof: Proof, binds?: readonly AxisName[]): Requirement =>
      'unobservable' in proof
        ? { id, source, section, level, rule, era, unobservable: proof.unobservable }
        : { id, source, section, level, rule, era, branches: branchesOf(proof), ...(binds && { binds }) };
  return { must: make('MUST'), should: make('SHOULD'), may: make('MAY') };
}
