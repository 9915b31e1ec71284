import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classify, countVerdicts, UNBOUND, type SurvivorReason } from './classify.js';
import { loadReasons, reportTable, TABLE_END, TABLE_START, withTable, type PowerReport } from './report.js';
import { ShippedAsTextIgnorer } from './stryker-plugin.js';

describe('the runner-power report', () => {
  it('replaces only the generated table of the page', () => {
    const page = `# Title\n\nhand text\n\n${TABLE_START}\nold\n${TABLE_END}\n\nmore hand text\n`;
    expect(withTable(page, '| new |')).toBe(`# Title\n\nhand text\n\n${TABLE_START}\n| new |\n${TABLE_END}\n\nmore hand text\n`);
    expect(() => withTable('# no markers', 'x')).toThrow(/markers/);
  });

  it('reads the reasons file, each reason keyed by a mutant identity with a verdict and a reason', () => {
    const reasons = loadReasons('power/reasons.json');
    for (const [key, reason] of reasons) {
      expect(key.split(' | ').length, key).toBeGreaterThanOrEqual(5);
      expect([UNBOUND, 'not observable', 'equivalent', 'gap']).toContain(reason.verdict);
      expect(reason.reason.length).toBeGreaterThan(10);
    }
    expect(JSON.parse(readFileSync('power/reasons.json', 'utf8')).length).toBe(reasons.size);
  });
});

describe('the report of a difference no rule binds', () => {
  it('gives it a column of its own and lists it apart from the survivors, outside the score', () => {
    const key = (n: number) => `src/mcp/era.ts | StringLiteral | 'a${n}' | "" | line ${n};`;
    const green = { failing: [], warned: [], durationMs: 1 };
    const unbound: SurvivorReason = { mutant: key(1), verdict: UNBOUND, reason: 'the -32020 message is empty; no rule binds its wording' };
    const mutants = [
      classify({ key: key(1), strykerStatus: 'Survived', runner: green, fileDigest: 'a' }, new Map([[key(1), unbound]]))!,
      classify({ key: key(2), strykerStatus: 'Killed', runner: { ...green, failing: ['endpoints'] }, fileDigest: 'a' }, new Map())!,
    ];
    const totals = countVerdicts(mutants);
    const report: PowerReport = { seed: '31', size: 2, population: 9, sampled: 2, measured: 2, totals, perArea: [{ name: 'src/mcp', counts: totals }], perSource: [], mutants };
    const table = reportTable(report);
    expect(table).toContain(`| | caught | survived | ${UNBOUND} | not observable | equivalent | score |`);
    expect(table).toContain('| **all measured** | 1 | 0 | 1 | 0 | 0 | 100 % |');
    const [survivors, apart] = table.split(/^Observable, no rule binds it/m);
    expect(survivors).toMatch(/Survivors[^\n]*\n\nnone/);
    expect(apart).toContain("`'a1'` → `\"\"`: the -32020 message is empty");
  });
});

describe('mutants Stryker cannot switch', () => {
  it('leaves out the functions whose source text runs in a worker, and nothing else', () => {
    const ignorer = new ShippedAsTextIgnorer();
    for (const name of ['writerThread', 'batchWriter', 'tuneLogConnection']) {
      expect(ignorer.shouldIgnore({ node: { type: 'FunctionDeclaration', id: { name } } }), name).toMatch(/worker thread/);
    }
    expect(ignorer.shouldIgnore({ node: { type: 'FunctionDeclaration', id: { name: 'startWriter' } } })).toBeUndefined();
  });
});
