import { describe, expect, it } from 'vitest';
import { openAnswer, openLineage, sealAnswer, type RotationAnswer } from './refresh-grace.js';
import { hashSecret, mintSecret } from './tokens.js';

const answerOf = (refresh = mintSecret()): RotationAnswer => ({ refresh, access: mintSecret(), accessExpiresAt: 1_800_000_000_000 });
const link = (spent: string, answer: RotationAnswer) => {
  const successorHash = hashSecret(answer.refresh);
  return { successorHash, sealed: sealAnswer(spent, answer, successorHash) };
};

describe('a sealed rotation answer', () => {
  it('opens only with the spent token it was sealed under, to both tokens', () => {
    const [spent, answer] = [mintSecret(), answerOf()];
    const sealed = link(spent, answer);
    expect(openAnswer(spent, sealed)).toEqual(answer);
    expect(openAnswer(mintSecret(), sealed)).toBeUndefined();
    // The store holds the spent token's hash: that is not the key.
    expect(openAnswer(hashSecret(spent), sealed)).toBeUndefined();
  });

  it('holds no token in the clear, and differs each time it is sealed', () => {
    const [spent, answer] = [mintSecret(), answerOf()];
    const first = link(spent, answer);
    for (const secret of [answer.refresh, answer.access, spent]) expect(first.sealed).not.toContain(secret);
    expect(link(spent, answer).sealed).not.toBe(first.sealed);
  });

  it('does not open when moved to another successor hash, or altered', () => {
    const [spent, answer] = [mintSecret(), answerOf()];
    const sealed = link(spent, answer);
    expect(openAnswer(spent, { ...sealed, successorHash: hashSecret(mintSecret()) })).toBeUndefined();
    const bytes = Buffer.from(sealed.sealed, 'base64url');
    bytes[20] = bytes[20]! ^ 1;
    expect(openAnswer(spent, { ...sealed, sealed: bytes.toString('base64url') })).toBeUndefined();
    expect(openAnswer(spent, { ...sealed, sealed: 'AAAA' })).toBeUndefined();
  });
});

describe('a lineage', () => {
  it('opens step by step from the presented token to the last answer', () => {
    const [r0, first, second] = [mintSecret(), answerOf(), answerOf()];
    expect(openLineage(r0, [link(r0, first), link(first.refresh, second)])).toEqual(second);
    expect(openLineage(r0, [])).toBeUndefined();
    expect(openLineage(first.refresh, [link(r0, first), link(first.refresh, second)])).toBeUndefined();
  });
});
