import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadReasons, TABLE_END, TABLE_START, withTable } from './report.js';
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
      expect(['not observable', 'equivalent', 'gap']).toContain(reason.verdict);
      expect(reason.reason.length).toBeGreaterThan(10);
    }
    expect(JSON.parse(readFileSync('power/reasons.json', 'utf8')).length).toBe(reasons.size);
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
