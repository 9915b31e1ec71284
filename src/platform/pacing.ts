/**
 * Long work in slices. One Node process serves everyone, and SQLite answers synchronously, so a
 * request that computes for a second holds every other person's request for that second. Work
 * that loops calls `pace()` between steps: once a slice of CPU time has passed it yields to the
 * event loop (`setImmediate`), letting the requests that wait run before it goes on.
 */

/** CPU time one request may keep the event loop before it lets others in. */
export const sliceMs = 4;

export type Pace = () => Promise<void>;

export function pacer(now: () => number = () => performance.now()): Pace {
  let sliceStart = now();
  return async () => {
    if (now() - sliceStart < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStart = now();
  };
}

/** Runs `work` on every item, a few at a time (queries of one chunk overlap on PostgreSQL), pacing between chunks. */
export async function pacedMap<T, R>(items: readonly T[], work: (item: T) => Promise<R>, pace: Pace, chunk = 8): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += chunk) {
    results.push(...(await Promise.all(items.slice(start, start + chunk).map(work))));
    await pace();
  }
  return results;
}
