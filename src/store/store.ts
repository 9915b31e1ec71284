import type { AccountStore } from './account-store.js';
import type { AuthStore } from './auth-store.js';
import type { SurveyStore } from './survey-store.js';

/**
 * The one repository interface every layer above talks to. It is async even though SQLite is
 * synchronous, so PostgreSQL drops in unchanged. Each method is one atomic unit of work.
 */
export interface Store extends AccountStore, SurveyStore, AuthStore {
  readonly backend: 'sqlite' | 'postgres';
  close(): Promise<void>;
}
