import { describe, expect, test } from 'vitest';
import { expandAxes, variantId } from './axes.js';

describe('variant axes', () => {
  test('a variant id names its values in axis order, whatever order they were given in', () => {
    expect(variantId({ grant: 'refresh', client: 'cimd-jwt' })).toBe('cimd-jwt+refresh');
    expect(variantId({})).toBe('');
  });

  test('expanding two axes gives their product; a narrowed axis gives only the values named', () => {
    expect(expandAxes(['client', 'grant']).map(variantId)).toEqual([
      'dcr-public+code', 'dcr-public+refresh', 'cimd-public+code', 'cimd-public+refresh', 'cimd-jwt+code', 'cimd-jwt+refresh',
    ]);
    expect(expandAxes(['client', 'token'], { client: ['cimd-jwt'] }).map(variantId)).toEqual(['cimd-jwt+access', 'cimd-jwt+refresh']);
  });
});
