import type { Faults } from './fake/faults.js';
import type { FaultCase } from './fault-cases.js';

function neverJudgedCase(check: string, group: FaultCase['group'], deployment: string, faults: Faults, reason: RegExp): FaultCase {
  return { check, group, deployment, fake: { faults }, reason };
}

/**
 * The public set's misses of the shape "answers received but never judged" (issue 41) that a
 * check catches, each by the check named; the others fall to the invariants
 * (invariant-fault-cases.ts).
 */
export const NEVER_JUDGED_FAULT_CASES: readonly FaultCase[] = [
  neverJudgedCase('modern-capabilities-declared', 'modern-mcp', 'answers completion/complete though server/discover declares no completions', { undeclaredCompletionsAnswered: true }, /completion\/complete answers a result, but server\/discover declares no "completions" capability/),
  neverJudgedCase('modern-mcp-name-base64', 'modern-mcp', 'compares the Base64 Mcp-Name of a resources/read without decoding it', { readNameUndecoded: true }, /resources\/read ui:\/\/fake-survey-mcp\/results\.html with Mcp-Name: =\?base64\?[A-Za-z0-9+/=]+\?=: expected HTTP 200 with a result, got HTTP 400/),
  neverJudgedCase('skills-served', 'mcp', 'answers skills/get with a stale copy of the listed skill', { skillsFault: 'get-stale' }, /skills\/get skill:\/\/fake-survey\/SKILL\.md gives "resources" .*, skills\/list .*: a stale copy of the skill/),
  neverJudgedCase('initialize', 'mcp', 'answers initialize only until a server/discover, refusing it after', { initializeRefusedAfterDiscover: true }, /^initialize: expected HTTP 200, got HTTP 400 .*initialize lacks _meta/),
];
