import { describe, expect, it } from 'vitest';
import { decideRedeem, decideRetry, decideRevoke, decideRotate, maxRetryHops, type TokenState } from './grant-policy.js';
import type { CodeRow } from './auth-rows.js';

const now = 1_000_000;
const code: CodeRow = {
  code_hash: 'h',
  client_id: 'cli_a',
  user_id: 'usr_a',
  redirect_uri: 'http://127.0.0.1/cb',
  scope: 'mcp_customer',
  code_challenge: 'c',
  code_challenge_method: 'S256',
  created_at: now - 1000,
  expires_at: now + 1000,
  redeemed_at: null,
  grant_id: null,
};
const refresh: TokenState = {
  kind: 'refresh',
  client_id: 'cli_a',
  grant_id: 'grt_a',
  expires_at: now + 1000,
  spent_at: null,
  revoked_at: null,
  grant_revoked_at: null,
  userDisabled: false,
  successor_hash: null,
  successor_sealed: null,
  grace_until: null,
};
/** `refresh` rotated at `now - 10` into `successor`, with a grace until `until`. */
const spent = (until: number, successor = 'h2'): TokenState => ({
  ...refresh,
  spent_at: now - 10,
  successor_hash: successor,
  successor_sealed: `sealed-${successor}`,
  grace_until: until,
});

describe('decideRedeem', () => {
  it('redeems a live, unused code', () => {
    expect(decideRedeem(code, now)).toEqual({ action: 'proceed', row: code });
  });

  it('treats a second redemption as a replay that revokes the first one’s grant, even once expired', () => {
    expect(decideRedeem({ ...code, redeemed_at: now - 10, grant_id: 'grt_1', expires_at: now - 1 }, now)).toEqual({ action: 'revoke_grant', grantId: 'grt_1' });
  });

  it('refuses an unknown code, and one expired at this very instant', () => {
    expect(decideRedeem(undefined, now)).toEqual({ action: 'refuse', result: { outcome: 'unknown' } });
    expect(decideRedeem({ ...code, expires_at: now }, now)).toEqual({ action: 'refuse', result: { outcome: 'expired' } });
  });
});

describe('decideRotate', () => {
  it('rotates a live refresh token of the asking client', () => {
    expect(decideRotate(refresh, 'cli_a', now)).toEqual({ action: 'proceed', row: refresh });
  });

  it('checks in order: kind, client, revocation, replay, expiry, account', () => {
    const refused = (token: TokenState | undefined, clientId = 'cli_a') => decideRotate(token, clientId, now);
    expect(refused({ ...refresh, kind: 'access' })).toEqual({ action: 'refuse', result: { outcome: 'unknown' } });
    expect(refused({ ...refresh, spent_at: now - 1 }, 'cli_b')).toEqual({ action: 'refuse', result: { outcome: 'other_client' } });
    expect(refused({ ...refresh, grant_revoked_at: now - 1, spent_at: now - 1 })).toEqual({ action: 'refuse', result: { outcome: 'revoked' } });
    expect(refused({ ...refresh, spent_at: now - 1, expires_at: now - 1 })).toEqual({ action: 'revoke_grant', grantId: 'grt_a' });
    expect(refused({ ...refresh, expires_at: now, userDisabled: true })).toEqual({ action: 'refuse', result: { outcome: 'expired' } });
    expect(refused({ ...refresh, userDisabled: true })).toEqual({ action: 'refuse', result: { outcome: 'user_disabled' } });
  });
});

describe('decideRotate within a grace', () => {
  it('takes a spent token back as a retry until its grace ends, then as a replay', () => {
    expect(decideRotate(spent(now + 1), 'cli_a', now)).toEqual({ action: 'retry', row: spent(now + 1) });
    expect(decideRotate(spent(now), 'cli_a', now)).toEqual({ action: 'revoke_grant', grantId: 'grt_a' });
    expect(decideRotate({ ...spent(now + 1), successor_sealed: null }, 'cli_a', now)).toEqual({ action: 'revoke_grant', grantId: 'grt_a' });
  });

  it('still refuses another client, a revoked grant and a disabled account within the grace', () => {
    expect(decideRotate(spent(now + 1), 'cli_b', now)).toEqual({ action: 'refuse', result: { outcome: 'other_client' } });
    expect(decideRotate({ ...spent(now + 1), grant_revoked_at: now - 1 }, 'cli_a', now)).toEqual({ action: 'refuse', result: { outcome: 'revoked' } });
    expect(decideRotate({ ...spent(now + 1), userDisabled: true }, 'cli_a', now)).toEqual({ action: 'refuse', result: { outcome: 'user_disabled' } });
  });
});

describe('decideRetry', () => {
  const live = { ...refresh, expires_at: now + 5000 };

  it('answers with the live token and the sealed link to it from the spent one', () => {
    expect(decideRetry([spent(now + 1, 'h2'), live], now)).toEqual({
      action: 'answer',
      links: [{ successorHash: 'h2', sealed: 'sealed-h2' }],
    });
  });

  it('treats a token whose successor has been presented (spent) as a replay', () => {
    expect(maxRetryHops).toBe(1);
    expect(decideRetry([spent(now + 1, 'h2'), spent(now + 2, 'h3')], now)).toEqual({ action: 'revoke_grant', grantId: 'grt_a' });
  });

  it('treats a lineage with a spent token past its grace, or longer than the hop limit, as a replay', () => {
    expect(decideRetry([spent(now), live], now)).toEqual({ action: 'revoke_grant', grantId: 'grt_a' });
    const long = Array.from({ length: maxRetryHops + 1 }, () => spent(now + 1));
    expect(decideRetry(long, now)).toEqual({ action: 'revoke_grant', grantId: 'grt_a' });
    expect(decideRetry([...long.slice(1), live], now)).toMatchObject({ action: 'answer' });
  });

  it('refuses when the live token is revoked, expired or its account disabled', () => {
    expect(decideRetry([spent(now + 1), { ...live, grant_revoked_at: now }], now)).toEqual({ action: 'refuse', result: { outcome: 'revoked' } });
    expect(decideRetry([spent(now + 1), { ...live, expires_at: now }], now)).toEqual({ action: 'refuse', result: { outcome: 'expired' } });
    expect(decideRetry([spent(now + 1), { ...live, userDisabled: true }], now)).toEqual({ action: 'refuse', result: { outcome: 'user_disabled' } });
  });
});

describe('decideRevoke', () => {
  it('ends the grant only for the client the token was issued to', () => {
    const token = { ...refresh, user_id: 'usr_a' };
    expect(decideRevoke(token, 'cli_a')).toEqual({ action: 'revoke_grant', grantId: 'grt_a', userId: 'usr_a' });
    expect(decideRevoke(token, 'cli_b')).toEqual({ action: 'refuse', result: { outcome: 'other_client' } });
    expect(decideRevoke(undefined, 'cli_a')).toEqual({ action: 'refuse', result: { outcome: 'unknown' } });
  });
});
