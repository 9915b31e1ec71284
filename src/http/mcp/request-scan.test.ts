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

  it('passes without the walk only bodies too short and too flat to cross a limit: nothing the walk would refuse', () => {
    // Under these limits 11 bytes can cross one (six array items, or a 9-character string with quotes).
    expect(scan('[1,2,3,4,5]')).toBeUndefined();
    expect(scan('[1,2,3,4,5,6]')?.violation).toMatchObject({ limit: 'arrayItems' });
    expect(scan('{"k":"123456789"}')?.violation).toMatchObject({ limit: 'stringLength' });
    // Short, but nested deeper than the limit: walked, and refused.
    const roomy = { ...limits, keysPerObject: 100, arrayItems: 100, values: 100, stringLength: 100 };
    expect(scan('{"a":[[[]]]}', roomy)).toBeUndefined();
    expect(scan('{"a":[[[[]]]]}', roomy)?.violation).toMatchObject({ limit: 'depth', path: 'a[0][0][0]' });
    // Under the default limits a short request is passed at once; one nested 40 deep is still refused.
    expect(scanRequestShape(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_survey","arguments":{}}}'))).toBeUndefined();
    expect(scanRequestShape(Buffer.from(`${'['.repeat(40)}${']'.repeat(40)}`))?.violation).toMatchObject({ limit: 'depth' });
  });

  it('stops at the depth limit of a body nested 100,000 deep', () => {
    expect(scanRequestShape(Buffer.from(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`))?.violation).toMatchObject({ limit: 'depth', max: 32 });
  });

  it('leaves text that is not JSON to the parser unless a limit is crossed first', () => {
    expect(scan('{"jsonrpc":')).toBeUndefined();
    expect(scan('not json')).toBeUndefined();
  });

  it('counts every byte that decodes to a character: bare continuation bytes are one U+FFFD each, not nothing', () => {
    const bare = Buffer.concat([Buffer.from('{"k":"'), Buffer.alloc(9, 0x80), Buffer.from('"}')]);
    expect(scanRequestShape(bare, limits)?.violation).toMatchObject({ limit: 'stringLength', path: 'k' });
    // A lead byte's own continuations still add nothing: 8 two-byte characters fit.
    expect(scan({ k: 'é'.repeat(8) })).toBeUndefined();
    const strayAfterLead = Buffer.concat([Buffer.from('{"k":"'), Buffer.from('é'.repeat(4)), Buffer.alloc(5, 0xbf), Buffer.from('"}')]);
    expect(scanRequestShape(strayAfterLead, limits)?.violation).toMatchObject({ limit: 'stringLength' });
  });

  it('answers under the top-level id, never a nested key named id, even when the id comes after the limit crossed', () => {
    const body = { jsonrpc: '2.0', method: 'tools/call', params: { id: 'nested', arguments: { id: 'deeper', list: [1, 2, 3, 4, 5, 6] } }, id: 'top' };
    const roomy = { ...limits, values: 100, stringLength: 100 };
    expect(scan(body, roomy)).toMatchObject({ ids: ['top'], violation: { limit: 'arrayItems' } });
    const batch = [{ params: { id: 'nested-1', list: [1, 2, 3, 4, 5, 6] }, id: 1 }, { id: 2, params: { id: 'nested-2' } }];
    expect(scan(batch, roomy)).toMatchObject({ batch: true, ids: [1, 2] });
  });

  it('shows a prefix of a long key in the violation, never the whole key', () => {
    const key = 'k'.repeat(100_000);
    const violation = scan({ params: { [key]: [1, 2, 3, 4, 5, 6] } }, { ...limits, stringLength: 1_000_000, values: 100 })?.violation;
    expect(violation?.message.length).toBeLessThan(300);
    expect(violation?.path).toBe(`params["${'k'.repeat(40)}…"]`);
  });
});
