import { describe, expect, it } from 'vitest';
import type { AccessTokenRecord, AuthStore } from '../store/auth-store.js';
import { accessTokenVerifier } from './token-cache.js';

const record: AccessTokenRecord = { grantId: 'grt_1', userId: 'usr_alice', clientId: 'cli_1', scope: 'mcp', expiresAt: 10_000, revoked: false, userDisabled: false };

function countingStore(found: () => Promise<AccessTokenRecord | undefined> = async () => record) {
  const reads: string[] = [];
  const store = { findAccessToken: (hash: string) => (reads.push(hash), found()) } as unknown as AuthStore;
  return { store, reads };
}

describe('the access token cache', () => {
  it("reads a token once for the requests of one stamp that check it while it is read, and again after the stamp moves", async () => {
    const { store, reads } = countingStore();
    const verify = accessTokenVerifier(store);
    const checks = await Promise.all([verify('tok_a', 1_000, 1), verify('tok_a', 1_000, 1), verify('tok_b', 1_000, 1)]);
    expect(checks.every((check) => check.ok)).toBe(true);
    expect(reads).toHaveLength(2);
    await verify('tok_a', 1_000, 1);
    expect(reads).toHaveLength(2);
    await Promise.all([verify('tok_a', 1_000, 2), verify('tok_a', 1_000, 2)]);
    expect(reads).toHaveLength(3);
  });

  it('reads for itself when the read it waited for failed', async () => {
    let fail = true;
    const { store, reads } = countingStore(async () => {
      if (fail) {
        fail = false;
        throw new Error('database is locked');
      }
      return record;
    });
    const verify = accessTokenVerifier(store);
    const [first, second] = await Promise.allSettled([verify('tok_a', 1_000, 1), verify('tok_a', 1_000, 1)]);
    expect(first.status).toBe('rejected');
    expect(second).toEqual({ status: 'fulfilled', value: expect.objectContaining({ ok: true, userId: 'usr_alice' }) });
    expect(reads).toHaveLength(2);
  });
});
