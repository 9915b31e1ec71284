import { describe, expect, it } from 'vitest';
import { openLineage, openSuccessor, sealSuccessor } from './refresh-grace.js';
import { hashSecret, mintSecret } from './tokens.js';

const link = (spent: string, successor: string) => {
  const successorHash = hashSecret(successor);
  return { successorHash, sealed: sealSuccessor(spent, successor, successorHash) };
};

describe('a sealed successor', () => {
  it('opens only with the spent token it was sealed under', () => {
    const [spent, successor] = [mintSecret(), mintSecret()];
    const sealed = link(spent, successor);
    expect(openSuccessor(spent, sealed)).toBe(successor);
    expect(openSuccessor(mintSecret(), sealed)).toBeUndefined();
    // The store holds the spent token's hash: that is not the key.
    expect(openSuccessor(hashSecret(spent), sealed)).toBeUndefined();
  });

  it('holds neither token in the clear, and differs each time it is sealed', () => {
    const [spent, successor] = [mintSecret(), mintSecret()];
    const first = link(spent, successor);
    expect(first.sealed).not.toContain(successor);
    expect(first.sealed).not.toContain(spent);
    expect(link(spent, successor).sealed).not.toBe(first.sealed);
  });

  it('does not open when moved to another successor hash, or altered', () => {
    const [spent, successor] = [mintSecret(), mintSecret()];
    const sealed = link(spent, successor);
    expect(openSuccessor(spent, { ...sealed, successorHash: hashSecret(mintSecret()) })).toBeUndefined();
    const bytes = Buffer.from(sealed.sealed, 'base64url');
    bytes[20] = bytes[20]! ^ 1;
    expect(openSuccessor(spent, { ...sealed, sealed: bytes.toString('base64url') })).toBeUndefined();
    expect(openSuccessor(spent, { ...sealed, sealed: 'AAAA' })).toBeUndefined();
  });
});

describe('a lineage', () => {
  it('opens step by step from the presented token to the live one', () => {
    const [r0, r1, r2] = [mintSecret(), mintSecret(), mintSecret()];
    expect(openLineage(r0, [link(r0, r1), link(r1, r2)])).toBe(r2);
    expect(openLineage(r0, [])).toBe(r0);
    expect(openLineage(r1, [link(r0, r1), link(r1, r2)])).toBeUndefined();
  });
});
