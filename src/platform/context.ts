import type { Store } from '../store/store.js';
import type { Clock } from './clock.js';

/** What every platform operation runs against. */
export interface PlatformContext {
  readonly store: Store;
  readonly clock: Clock;
}
