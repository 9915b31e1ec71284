import { describe, expect, it } from 'vitest';
import { newSpanId, newTraceId, parseTraceparent, parseTracestate } from './trace-context.js';

const valid = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('a traceparent', () => {
  it('is read as its trace id, parent id and flags when it is version 00 in lowercase hex', () => {
    expect(parseTraceparent(valid)).toEqual({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', parentId: '00f067aa0ba902b7', flags: '01' });
  });

  it.each([
    ['another version', valid.replace(/^00/, '01')],
    ['upper case', valid.toUpperCase()],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`],
    ['an all-zero parent id', `00-4bf92f3577b34da6a3ce929d0e0e4736-${'0'.repeat(16)}-01`],
    ['a short trace id', '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01'],
    ['one part too many', `${valid}-00`],
    ['no flags', valid.slice(0, -3)],
    ['not a string', 42],
  ])('is ignored with %s', (_case, value) => {
    expect(parseTraceparent(value)).toBeUndefined();
  });
});

describe('a tracestate', () => {
  it('is kept as its members when each is key=value', () => {
    expect(parseTracestate('rojo=00f067aa0ba902b7, congo=t61rcWkgMzE')).toBe('rojo=00f067aa0ba902b7,congo=t61rcWkgMzE');
  });

  it.each([
    ['a member without a value', 'rojo'],
    ['an upper-case key', 'Rojo=1'],
    ['a control character', 'rojo=a\u0001b'],
    ['more than 512 characters', `a=${'b'.repeat(511)}`],
    ['33 members', Array.from({ length: 33 }, (_, i) => `k${i}=v`).join(',')],
  ])('is dropped with %s', (_case, value) => {
    expect(parseTracestate(value)).toBeUndefined();
  });
});

describe('new ids', () => {
  it('are hex of the W3C lengths', () => {
    expect(newSpanId()).toMatch(/^[0-9a-f]{16}$/);
    expect(newTraceId()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('differ from one another and use every hex digit', () => {
    const ids = Array.from({ length: 200 }, () => newTraceId());
    expect(new Set(ids).size).toBe(200);
    expect(new Set(ids.join(''))).toEqual(new Set('0123456789abcdef'));
  });
});
