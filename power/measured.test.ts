import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SurvivorReason } from './classify.js';
import { isReusable, loadMeasured, saveMeasured } from './measured.js';
import type { MutantRecord } from './outcome.js';
import { parseVerdicts } from './settings.js';

const key = 'src/platform/roles.ts | ConditionalExpression | rank[role] >= needs[capability] | true | return role !== null && rank[role] >= needs[capability];';
const green = { failing: [], warned: [], durationMs: 30_000 };
const survivor: MutantRecord = { key, strykerStatus: 'Survived', runner: green, fileDigest: 'abc' };
const caught: MutantRecord = { key, strykerStatus: 'Killed', runner: { ...green, failing: ['tools-call'] }, fileDigest: 'abc' };
const equivalent = new Map<string, SurvivorReason>([[key, { mutant: key, verdict: 'equivalent', reason: 'for the sake of the test' }]]);

describe('the committed records of measured mutants', () => {
  it('keeps one record a mutant, one line each, sorted by identity, and reads them back', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'power-measured-')), 'measured.json');
    expect(loadMeasured(file).size).toBe(0);
    const other: MutantRecord = { ...caught, key: `a${key}` };
    saveMeasured(file, new Map([[key, caught], [other.key, other]]));
    expect(readFileSync(file, 'utf8').split('\n')).toEqual(['[', `${JSON.stringify(other)},`, JSON.stringify(caught), ']', '']);
    expect([...loadMeasured(file).values()]).toEqual([other, caught]);
  });

  it('reuses a record only while its file is unchanged', () => {
    expect(isReusable(caught, 'abc', new Map(), [])).toBe(true);
    expect(isReusable(caught, 'abd', new Map(), [])).toBe(false);
    expect(isReusable(undefined, 'abc', new Map(), [])).toBe(false);
  });

  it('measures again a mutant whose harness broke, and the verdicts it is asked to', () => {
    expect(isReusable({ ...caught, strykerStatus: 'Killed', runner: undefined }, 'abc', new Map(), [])).toBe(false);
    expect(isReusable(survivor, 'abc', new Map(), ['survived'])).toBe(false);
    expect(isReusable(caught, 'abc', new Map(), ['survived'])).toBe(true);
    expect(isReusable(survivor, 'abc', equivalent, ['survived'])).toBe(true);
    expect(isReusable(survivor, 'abc', equivalent, ['survived', 'equivalent'])).toBe(false);
  });

  it('takes only the four verdicts for --remeasure, naming the wrong one', () => {
    expect(parseVerdicts(['survived', 'not observable'])).toEqual(['survived', 'not observable']);
    expect(() => parseVerdicts(['survivors'])).toThrow(/--remeasure takes .*'survived'.*got 'survivors'/);
  });
});
