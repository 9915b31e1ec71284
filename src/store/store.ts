import type { AccountStore } from './account-store.js';
import type { AuditStore } from './audit-store.js';
import type { AssertionIdStore } from './assertion-ids.js';
import type { ConfirmationStore } from './confirmation-uses.js';
import type { AccessTokenRecord, AuthStore } from './auth-store.js';
import type { ClientMetadataCopyStore } from './client-metadata-copies.js';
import type { SsoStore } from './sso-store.js';
import type { SurveyDetailRead, SurveyStore } from './survey-store.js';
import type { TokenUpkeepStore } from './token-upkeep.js';

/** A bearer token's record and the survey read with it for the token's person. */
export interface AccessTokenWithSurvey {
  /** As `findAccessToken`: undefined for no such access token. */
  readonly token: AccessTokenRecord | undefined;
  /** Only beside a token. */
  readonly survey: SurveyDetailRead | undefined;
}

/**
 * The one repository interface every layer above talks to. It is async even though SQLite is
 * synchronous, so PostgreSQL drops in unchanged. Each method is one atomic unit of work.
 */
export interface Store extends AccountStore, SurveyStore, AuthStore, AuditStore, SsoStore, TokenUpkeepStore, ClientMetadataCopyStore, AssertionIdStore, ConfirmationStore {
  readonly backend: 'sqlite' | 'postgres';
  /**
   * Runs `work` (an edit's reads, checks and writes) as one unit against the survey, locked for
   * writing, through the store it is given: no other unit on that survey runs in between, so what
   * it checked is what is in force when it writes. PostgreSQL: one transaction that starts with
   * `SELECT … FOR UPDATE` on the survey row, retried whole on a deadlock or serialisation failure
   * (see `edit-policy.ts`); rolled back when `work` throws. SQLite: the process's units on one
   * survey run one at a time (its writes share one connection); each write is atomic on its own,
   * so a unit checks everything before its first write. Fails with `StoreContentionError` when it
   * cannot get through (on either backend, within 5 s of waiting). A nested call on the same survey
   * joins the unit it runs in.
   */
  withSurveyLocked<T>(surveyId: string, work: (store: Store) => Promise<T>): Promise<T>;
  /**
   * A number that grows whenever the stored data may have changed since it was last asked:
   * through this store or any other connection or process on the same database. Caches above the
   * store are exact by it (they drop everything when it moves). Absent where other writers cannot
   * be seen (PostgreSQL, whose other instances write unannounced): nothing may be cached there.
   */
  readonly changeStamp?: () => number;
  /**
   * A bearer token's record (as `findAccessToken`) and, in the same read, one survey's detail as
   * the token's person sees it (as `findSurveyDetail`): a `get_survey` in one round trip. Offered
   * where every read is a round trip (PostgreSQL); SQLite's reads are calls inside the process,
   * and its token and answer caches serve instead.
   */
  readonly findAccessTokenWithSurvey?: (tokenHash: string, surveyId: string) => Promise<AccessTokenWithSurvey>;
  /** Resolves when the database answers a trivial query (readiness); rejects as a read would. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
