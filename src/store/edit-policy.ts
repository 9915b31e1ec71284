/**
 * The policy for a unit of edits on one survey (see `Store.withSurveyLocked`), shared by both
 * backends. Conventions:
 * - a unit is retried whole, from its first read, never resumed: its checks must run again on
 *   what is in force now;
 * - `transient` failures (a deadlock, a serialisation failure) are retried up to `editAttempts`
 *   times in all, after a jittered, doubling pause so that units that collided do not collide
 *   again in step;
 * - `busy` failures (a lock not granted within the lock timeout) are not retried: waiting longer
 *   would hold a connection other requests need;
 * - both end as `StoreContentionError`, which callers show as a tool error, never as a 5xx.
 */
import { StoreContentionError } from './errors.js';

export const editAttempts = 5;

/** How long a unit waits for the survey's lock before it is `busy`. */
export const lockTimeoutMs = 5_000;

export type EditFailure = 'transient' | 'busy' | 'other';

/** Pause before attempt `attempt + 1`: 5, 10, 20, 40 ms, each scaled by 0.5–1.5. */
export const retryDelayMs = (attempt: number, random: () => number = Math.random): number =>
  5 * 2 ** (attempt - 1) * (0.5 + random());

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function runEdit<T>(
  surveyId: string,
  unit: () => Promise<T>,
  classify: (error: unknown) => EditFailure,
  wait: (ms: number) => Promise<void> = pause,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await unit();
    } catch (error) {
      const failure = classify(error);
      if (failure === 'other') throw error;
      if (failure === 'busy' || attempt >= editAttempts) throw new StoreContentionError(surveyId, attempt, { cause: error });
      await wait(retryDelayMs(attempt));
    }
  }
}

/**
 * Units of edits one at a time per survey, first come first served: for a backend whose writes
 * share one connection (SQLite), where a database lock would not keep the process's other
 * requests out. Units on different surveys run side by side, as row locks let them on
 * PostgreSQL. A unit that has not started within `timeoutMs` fails with `StoreContentionError`,
 * as a lock not granted in time does there, and never runs.
 */
export function surveyQueues(timeoutMs = lockTimeoutMs): <T>(surveyId: string, unit: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<void>>();
  return <T>(surveyId: string, unit: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        reject(new StoreContentionError(surveyId, 1));
      }, timeoutMs);
      timer.unref();
      const turn = (tails.get(surveyId) ?? Promise.resolve()).then(async () => {
        if (timedOut) return;
        clearTimeout(timer);
        try {
          resolve(await unit());
        } catch (error) {
          reject(error);
        }
      });
      tails.set(surveyId, turn);
      void turn.then(() => {
        if (tails.get(surveyId) === turn) tails.delete(surveyId);
      });
    });
}
