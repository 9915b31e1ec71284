/**
 * What a check is sorted by: its group, its era and its level. A leaf module, so that the report
 * types can name them without reaching the checks (and through them the run's context).
 */

/** Groups in the order they run and are reported. */
export const GROUPS = [
  'discovery',
  'registration',
  'authorization',
  'mcp',
  'tool-errors',
  'modern-mcp',
  'confirmations',
  'id-jag',
  'rate-limits',
  'revocation',
  /** Not checks: rules judged passively on every exchange of the run (conformance/invariants/). */
  'invariants',
] as const;

export type Group = (typeof GROUPS)[number];

/** MCP protocol revisions the runner speaks; `any` for rules outside the MCP protocol (OAuth, limits). */
export type Era = '2025-11-25' | '2026-07-28' | 'any';

/** MUST failures fail the run; SHOULD failures are reported as warnings. */
export type Level = 'MUST' | 'SHOULD';
