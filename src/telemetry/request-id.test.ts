import { describe, expect, it } from 'vitest';
import { requestIdMaker } from './request-id.js';

const idPattern = /^[A-Za-z0-9_-]{12}-\d{9}$/;

describe('request ids', () => {
  it('are unique, of one length, and none is a substring of another', () => {
    const next = requestIdMaker();
    const ids = Array.from({ length: 20_000 }, next);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => idPattern.test(id))).toBe(true);
    // Fixed width: an id found with `grep` or `includes` is that request's, not a longer one's.
    const joined = ids.join(' ');
    for (const id of [ids[0]!, ids[1]!, ids[9]!, ids[10]!, ids[99]!]) expect(joined.split(id)).toHaveLength(2);
  });

  it('are of the characters a proxy may hand on, with a random prefix for each process', () => {
    const first = requestIdMaker()();
    const other = requestIdMaker()();
    for (const id of [first, other]) expect(id).toMatch(idPattern);
    expect(first.slice(0, 12)).not.toBe(other.slice(0, 12));
  });
});
