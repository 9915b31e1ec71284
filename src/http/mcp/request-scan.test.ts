import { describe, expect, it } from 'vitest';
import { scanRequestShape } from './request-scan.js';
import { requestShapeLimits } from './request-shape.js';

const limits = { ...requestShapeLimits, depth: 3, keysPerObject: 4, arrayItems: 5, values: 11, stringLength: 8 };
const scan = (body: unknown, over = limits) => scanRequestShape(Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)), over);

describe('scanRequestShape', () => {
  it('passes a body at every limit, whitespace and escapes included', () => {
    expect(scan('{ "a" : { "b" : { "c" : [ 1 , 2.5e3 , true , null , "\\u00e9\\n123456" ] } } }')).toBeUndefined();
    expect(scan({ k: '😀😀😀😀' })).toBeUndefined();
  });

  it.each([
    [{ a: { b: { c: { d: [] } } } }, 'depth', 'a.b.c.d'],
    [{ params: { _meta: { a: 1, b: 2, c: 3, d: 4, e: 5 } } }, 'keysPerObject', 'params._meta'],
    [{ list: [1, 2, 3, 4, 5, 6] }, 'arrayItems', 'list'],
    [{ 'a b': ['123456789'] }, 'stringLength', '["a b"][0]'],
    [{ k: '😀😀😀😀😀' }, 'stringLength', 'k'],
    [{ ['k'.repeat(9)]: 1 }, 'stringLength', 'k'.repeat(9)],
    [[{ a: [1, 2, 3, 4] }, { b: [1, 2, 3, 4] }], 'values', '[1].b'],
    [[1, 2, 3, 4, 5, 6], 'arrayItems', 'the message'],
  ])('finds %j over %s at %s', (body, limit, path) => {
    expect(scan(body)?.violation).toMatchObject({ limit, path });
  });

  it('names the limit and where in its message, and reads the ids of the messages', () => {
    const scanned = scan({ jsonrpc: '2.0', id: 'req-1', params: { _meta: { a: 1, b: 2, c: 3, d: 4, e: 5 } } }, { ...limits, values: 100 });
    expect(scanned?.violation.message).toBe('Invalid params: params._meta has more than 4 keys (request limit keysPerObject = 4)');
    expect(scanned?.ids).toEqual(['req-1']);
    const batch = scan([{ id: 1, a: 1 }, { id: { x: 1 } }, { id: 3, b: [1, 2, 3, 4, 5, 6] }], { ...limits, values: 100 });
    expect(batch).toMatchObject({ batch: true, ids: [1, undefined, 3], violation: { limit: 'arrayItems', path: '[2].b' } });
    // An escaped key is still `id`; a key that only begins with it is not.
    const escaped = scanRequestShape(Buffer.from('{"\\u0069d":"esc","idx":1,"a":[1,2,3,4,5,6]}'), { ...limits, values: 100 });
    expect(escaped).toMatchObject({ ids: ['esc'], violation: { limit: 'arrayItems' } });
  });

  it('stops at the depth limit of a body nested 100,000 deep', () => {
    expect(scanRequestShape(Buffer.from(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`))?.violation).toMatchObject({ limit: 'depth', max: 32 });
  });

  it('leaves text that is not JSON to the parser unless a limit is crossed first', () => {
    expect(scan('{"jsonrpc":')).toBeUndefined();
    expect(scan('not json')).toBeUndefined();
  });
});
