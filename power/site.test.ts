import { describe, expect, it } from 'vitest';
import { siteKey, siteOf, textAt, uniqueKeys } from './site.js';

const source = ['export function can(role, capability) {', '  return role !== null && rank[role] >= needs[capability];', '}'].join('\n');
// Stryker's plugin positions count lines and columns from 0: `rank[role] >= needs[capability]` on line 1.
const mutant = { mutatorName: 'ConditionalExpression', replacement: 'true', location: { start: { line: 1, column: 26 }, end: { line: 1, column: 57 } } };

describe('a mutant’s identity', () => {
  it('names the file, mutator, original and replacement text and the code of its line', () => {
    expect(siteOf('src/platform/roles.ts', source, mutant)).toEqual({
      file: 'src/platform/roles.ts',
      mutator: 'ConditionalExpression',
      original: 'rank[role] >= needs[capability]',
      replacement: 'true',
      context: 'return role !== null && rank[role] >= needs[capability];',
    });
  });

  it('stays the same when unrelated lines are added above it', () => {
    const edited = `// a new comment\nimport { x } from './x.js';\n${source}`;
    const moved = { ...mutant, location: { start: { line: 3, column: 26 }, end: { line: 3, column: 57 } } };
    expect(siteKey(siteOf('f.ts', edited, moved))).toBe(siteKey(siteOf('f.ts', source, mutant)));
  });

  it('reads a text over several lines, whitespace collapsed in the identity', () => {
    const block = { ...mutant, mutatorName: 'BlockStatement', replacement: '{}', location: { start: { line: 0, column: 38 }, end: { line: 2, column: 1 } } };
    expect(textAt(source, block.location)).toBe('{\n  return role !== null && rank[role] >= needs[capability];\n}');
    expect(siteOf('f.ts', source, block).original).toBe('{ return role !== null && rank[role] >= needs[capability]; }');
  });

  it('numbers the second of two identical mutants of one file, so both are kept', () => {
    const site = siteOf('f.ts', source, mutant);
    expect(uniqueKeys([site, site])).toEqual([siteKey(site), `${siteKey(site)} #2`]);
  });
});
