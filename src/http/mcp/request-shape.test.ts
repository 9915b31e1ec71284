import { describe, expect, it } from 'vitest';
import { requestShapeLimits, shapeViolation } from './request-shape.js';

const limits = { ...requestShapeLimits, depth: 3, keysPerObject: 4, arrayItems: 5, values: 11, stringLength: 8 };

describe('shapeViolation', () => {
  it('passes a body at every limit', () => {
    expect(shapeViolation({ a: { b: { c: [1, 2, 3, 4, 'x'.repeat(8)] } } }, limits)).toBeUndefined();
  });

  it.each([
    [{ a: { b: { c: { d: [] } } } }, 'depth', 'a.b.c.d'],
    [{ params: { _meta: { a: 1, b: 2, c: 3, d: 4, e: 5 } } }, 'keysPerObject', 'params._meta'],
    [{ list: [1, 2, 3, 4, 5, 6] }, 'arrayItems', 'list'],
    [{ 'a b': ['123456789'] }, 'stringLength', '["a b"][0]'],
    [{ ['k'.repeat(9)]: 1 }, 'stringLength', 'k'.repeat(9)],
    [[{ a: [1, 2, 3, 4] }, { b: [1, 2, 3, 4] }], 'values', '[1].b'],
  ])('finds %j over %s at %s', (body, limit, path) => {
    expect(shapeViolation(body, limits)).toMatchObject({ limit, path });
  });

  it('names the limit and where in its message', () => {
    expect(shapeViolation({ params: { _meta: { a: 1, b: 2, c: 3, d: 4, e: 5 } } }, limits)?.message).toBe(
      'Invalid params: params._meta has more than 4 keys (request limit keysPerObject = 4)',
    );
  });

  it('stops at the depth limit of a body nested 100,000 deep, without overflowing the stack', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
    expect(shapeViolation(deep)).toMatchObject({ limit: 'depth', max: 32 });
  });
});
