import type { AuthStore, AccessTokenRecord } from '../store/auth-store.js';
import { SharedReads } from '../store/shared-reads.js';
import { StampedCache } from '../store/stamped-cache.js';
import { accessTokenCheck, hashSecret, verifyAccessToken, type AccessTokenCheck } from './tokens.js';

/** Past this many tokens the cache starts over: memory stays bounded whoever sends what. */
const maxTokens = 10_000;

/** Verifies a token at `nowMs`; with the store's change stamp read for this request, from memory when it may. */
export type AccessTokenVerifier = (token: string, nowMs: number, stamp: number | undefined) => Promise<AccessTokenCheck>;

/**
 * `verifyAccessToken` with the records of the tokens seen recently kept in memory, exact by the
 * store's change stamp (Store.changeStamp), read after the request began (one read shared by the
 * requests of an event-loop turn, store/stamp-per-turn.ts): any write to the
 * store, by this process or another (`survey-mcp token revoke`, `users disable` from the admin
 * CLI), moves the stamp and drops every record, so the next request reads its token's live grant,
 * client and user again. Expiry is checked against `nowMs` on every call. Without a stamp
 * (PostgreSQL) every call reads the store.
 */
export function accessTokenVerifier(store: AuthStore): AccessTokenVerifier {
  const records = new StampedCache<AccessTokenRecord>(maxTokens);
  // The person's other requests of the same stamp wait for the read already running (and read
  // for themselves should it fail).
  const reads = new SharedReads<AccessTokenRecord | undefined>();
  return async (token, nowMs, stamp) => {
    if (stamp === undefined || !records.at(stamp)) return verifyAccessToken(store, token, nowMs);
    const tokenHash = hashSecret(token);
    const known = records.get(tokenHash);
    if (known) return accessTokenCheck(known, nowMs);
    const running = reads.running(tokenHash, stamp);
    const record = await (running ? running.catch(() => store.findAccessToken(tokenHash)) : reads.start(tokenHash, stamp, store.findAccessToken(tokenHash)));
    if (record) records.set(tokenHash, record, stamp);
    return accessTokenCheck(record, nowMs);
  };
}
