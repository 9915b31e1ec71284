import { describe, expect, it } from 'vitest';
import { classify, countVerdicts, sourcesOf, UNBOUND, VERDICTS, type SurvivorReason } from './classify.js';
import type { MutantRecord } from './outcome.js';
import { outcomeOf } from './outcome.js';
import { sourceMaps } from './report.js';

const adminKey = "src/platform/roles.ts | EqualityOperator | grants.workspaceRole === 'admin' | grants.workspaceRole !== 'admin' | if (grants.userId === grants.ownerId || grants.workspaceRole === 'admin') return 'owner';";
const canKey = 'src/platform/roles.ts | ConditionalExpression | rank[role] >= needs[capability] | true | return role !== null && rank[role] >= needs[capability];';
const record = (key: string, runner: MutantRecord['runner'], strykerStatus = runner && runner.failing.length > 0 ? 'Killed' : 'Survived'): MutantRecord => ({
  key,
  strykerStatus,
  ...(runner ? { runner } : {}),
  fileDigest: 'abc',
});
const report = (statuses: Record<string, string>) => ({ results: Object.entries(statuses).map(([id, status]) => ({ id, status })) });

describe('classifying a mutant from the runner’s report', () => {
  it('calls a mutant caught by the checks that failed, and maps them to their requirement sources', () => {
    const runner = outcomeOf(report({ 'tool-error-not-authorized': 'fail', 'stream-get-strict-clients': 'warn', endpoints: 'pass' }), 38_000);
    const mutant = classify(record(adminKey, runner), new Map())!;
    expect(mutant).toMatchObject({ verdict: 'caught', how: 'tool-error-not-authorized', failing: ['tool-error-not-authorized'], file: 'src/platform/roles.ts' });
    expect(runner.failures).toEqual({ 'tool-error-not-authorized': '' });
    const worded = outcomeOf({ results: [{ id: 'endpoints', status: 'fail', message: 'x'.repeat(500) }, { id: 'ping', status: 'warn', message: 'slow' }] }, 1);
    expect(worded.failures).toEqual({ endpoints: 'x'.repeat(240) });
    expect(outcomeOf(report({ endpoints: 'pass' }), 1)).not.toHaveProperty('failures');
    const { sourcesByCheck, sourceByRequirement } = sourceMaps();
    expect(sourcesOf(mutant, sourcesByCheck, sourceByRequirement)).toContain('contract');
  });

  it('calls a run that could not start caught, as QA would not trust it, and a timeout caught', () => {
    expect(classify(record(adminKey, { failing: [], warned: [], setupError: 'serve exited with code 1', durationMs: 900 }, 'Killed'), new Map())?.verdict).toBe('caught');
    expect(classify(record(adminKey, undefined, 'Timeout'), new Map())).toMatchObject({ verdict: 'caught', how: expect.stringMatching(/^timeout/) });
  });

  it('leaves out a mutant whose command wrote no report: the harness broke, the runner noticed nothing', () => {
    expect(classify(record(adminKey, undefined, 'Killed'), new Map())).toBeUndefined();
  });

  it('calls a survivor equivalent or not observable only with a reason keyed by its identity, and a gap stays a survivor', () => {
    const green = { failing: [], warned: ['stream-get-strict-clients'], durationMs: 38_000 };
    const equivalent: SurvivorReason = { mutant: canKey, verdict: 'equivalent', reason: 'for the sake of the test' };
    const gap: SurvivorReason = { mutant: canKey, verdict: 'gap', reason: 'a viewer may edit', check: 'tool-error-not-authorized', requirement: 'contract-5.4-missing-token' };
    expect(classify(record(canKey, green), new Map())).toMatchObject({ verdict: 'survived', how: 'not reviewed' });
    expect(classify(record(canKey, green), new Map([[canKey, equivalent]]))).toMatchObject({ verdict: 'equivalent', how: 'for the sake of the test' });
    expect(classify(record(`${canKey} #2`, green), new Map([[canKey, equivalent]]))?.verdict).toBe('survived');
    expect(classify(record(canKey, green), new Map([[canKey, gap]]))).toMatchObject({ verdict: 'survived', how: 'gap: tool-error-not-authorized — a viewer may edit' });
  });

  it('scores caught over caught and survived, leaving the explained ones out', () => {
    const green = { failing: [], warned: [], durationMs: 1 };
    const caught = classify(record(adminKey, { ...green, failing: ['endpoints'] }), new Map())!;
    const survived = classify(record(canKey, green), new Map())!;
    const equivalent = classify(record(canKey, green), new Map([[canKey, { mutant: canKey, verdict: 'equivalent', reason: 'r' }]]))!;
    expect(countVerdicts([caught, survived, equivalent])).toEqual({ caught: 1, survived: 1, [UNBOUND]: 0, 'not observable': 0, equivalent: 1, score: 0.5 });
  });

  it('counts a difference an outside client sees but no rule binds apart: neither equivalent nor in the score, and re-measurable', () => {
    const green = { failing: [], warned: [], durationMs: 1 };
    const unbound: SurvivorReason = { mutant: canKey, verdict: UNBOUND, reason: 'the refusal reads otherwise; no rule binds its wording' };
    const mutant = classify(record(canKey, green), new Map([[canKey, unbound]]))!;
    expect(mutant).toMatchObject({ verdict: UNBOUND, how: unbound.reason });
    const caught = classify(record(adminKey, { ...green, failing: ['endpoints'] }), new Map())!;
    expect(countVerdicts([caught, mutant])).toEqual({ caught: 1, survived: 0, [UNBOUND]: 1, 'not observable': 0, equivalent: 0, score: 1 });
    expect(VERDICTS).toContain(UNBOUND);
  });
});
