import type { Store } from '../store/store.js';
import type { Clock } from './clock.js';

/** What every platform operation runs against. */
export interface PlatformContext {
  readonly store: Store;
  readonly clock: Clock;
}

/*
 * Every operation is `(ctx, actor, args)`. The actor of a person's operation is their user id; the
 * admin commands act as `operator` (reaching the store is their permission, so no role is checked);
 * signing in acts as `anonymous`, since nobody is known yet.
 */
export const operator: unique symbol = Symbol('operator');
export type Operator = typeof operator;
export const anonymous: unique symbol = Symbol('anonymous');
export type Anonymous = typeof anonymous;
