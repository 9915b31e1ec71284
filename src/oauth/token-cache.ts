import type { AuthStore, AccessTokenRecord } from '../store/auth-store.js';
import { accessTokenCheck, hashSecret, verifyAccessToken, type AccessTokenCheck } from './tokens.js';

/** Past this many tokens the cache starts over: memory stays bounded whoever sends what. */
const maxTokens = 10_000;

export type AccessTokenVerifier = (token: string, nowMs: number) => Promise<AccessTokenCheck>;

/**
 * `verifyAccessToken` with the records of the tokens seen recently kept in memory, exact by the
 * store's change stamp: any write to the store, by this process or another (`survey-mcp token
 * revoke`, `users disable` from the admin CLI), moves the stamp and drops every record, so the
 * next request reads its token's live grant, client and user again. Expiry is checked against
 * `nowMs` on every call. Without a change stamp (PostgreSQL) every call reads the store.
 */
export function accessTokenVerifier(store: AuthStore, changeStamp: (() => number) | undefined): AccessTokenVerifier {
  if (!changeStamp) return (token, nowMs) => verifyAccessToken(store, token, nowMs);
  const records = new Map<string, AccessTokenRecord>();
  let seenStamp = Number.NaN;
  return async (token, nowMs) => {
    const stamp = changeStamp();
    if (stamp !== seenStamp) {
      records.clear();
      seenStamp = stamp;
    }
    const tokenHash = hashSecret(token);
    const known = records.get(tokenHash);
    if (known) return accessTokenCheck(known, nowMs);
    const record = await store.findAccessToken(tokenHash);
    // Read after the stamp was taken: if the stamp has moved since, someone cleared for a newer
    // state and this record may be older than it; if not, a later stamp that differs drops it.
    if (record && stamp === seenStamp) {
      if (records.size >= maxTokens) records.clear();
      records.set(tokenHash, record);
    }
    return accessTokenCheck(record, nowMs);
  };
}
