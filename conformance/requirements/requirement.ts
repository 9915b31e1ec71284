import type { Era, Level } from '../groups.js';

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
  /** The io.modelcontextprotocol/ui extension, ext-apps specification 2026-01-26. */
  | 'MCP Apps'
  /** What peer tools (MCPJam's inspector, authprobe) check that the documents leave implicit. */
  | 'peer tools'
  | 'OAuth 2.1'
  | 'MCP 2025-11-25'
  | 'MCP 2026-07-28';

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
}

/** Proven by these catalog checks: each fails on a deployment that breaks the rule. */
export interface ProvenRequirement extends RequirementBase {
  readonly checks: readonly [string, ...string[]];
}

/** Cannot be seen from outside the deployment; the reason says why. */
export interface UnobservableRequirement extends RequirementBase {
  readonly unobservable: string;
}

export type Requirement = ProvenRequirement | UnobservableRequirement;

export function isProven(requirement: Requirement): requirement is ProvenRequirement {
  return 'checks' in requirement;
}

type Proof = readonly [string, ...string[]] | { readonly unobservable: string };

/**
 * A writer of one source's requirements, so the manifest reads as a table:
 * `must('contract-5.4-missing-token', '5.4', 'rule…', ['missing-token-401'])`.
 */
export function requirementsFrom(source: RequirementSource, era: Era) {
  const make =
    (level: RequirementLevel) =>
    (id: string, section: string, rule: string, proof: Proof): Requirement =>
      Array.isArray(proof)
        ? { id, source, section, level, rule, era, checks: proof as ProvenRequirement['checks'] }
        : { id, source, section, level, rule, era, unobservable: (proof as { unobservable: string }).unobservable };
  return { must: make('MUST'), should: make('SHOULD'), may: make('MAY') };
}
