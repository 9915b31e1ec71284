import type { RequestHandler } from 'express';
import type { SlidingLog } from '../limits/limiter.js';
import type { Store } from '../store/store.js';

export interface ReadinessOptions {
  readonly store: Store;
  readonly slidingLog: SlidingLog;
  /** How long the store and the rate store each have to answer (default 1 s). */
  readonly deadlineMs?: number;
  /** True once the server is shutting down: a load balancer should stop sending requests. */
  readonly draining: () => boolean;
}

const noStore = { 'Cache-Control': 'no-store' };

/** `GET /healthz`: the process is up and answering. No store is asked: a slow store must not get a live process restarted. */
export const liveness: RequestHandler = (_req, res) => {
  res.set(noStore).json({ status: 'ok' });
};

/**
 * `GET /readyz`: the store and the rate store (Redis, when configured) each answer within the
 * deadline, and the server is not shutting down; else 503 with the reason. The reason names the
 * part, never its address or its error text: the answer is public.
 */
export function readiness(options: ReadinessOptions): RequestHandler {
  const deadlineMs = options.deadlineMs ?? 1_000;
  // The rate store's own consume, as a request would: a key of its own, a budget no probe spends.
  const probeRule = { limit: 1_000_000, windowMs: 1_000 };
  return async function ready(_req, res) {
    const reason = options.draining()
      ? 'shutting down'
      : ((await answersWithin(options.store.ping(), deadlineMs, 'store')) ??
        (await answersWithin(options.slidingLog.consume('readiness-probe', probeRule), deadlineMs, 'rate store')));
    if (reason) return void res.status(503).set(noStore).json({ status: 'unavailable', reason });
    res.set(noStore).json({ status: 'ready' });
  };
}

/** Undefined when `work` settles well within `deadlineMs`, else why not, naming `part`. */
async function answersWithin(work: Promise<unknown>, deadlineMs: number, part: string): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`${part} did not answer within ${deadlineMs} ms`), deadlineMs);
  });
  try {
    return await Promise.race([work.then(() => undefined), late]);
  } catch {
    return `${part} unavailable`;
  } finally {
    clearTimeout(timer);
  }
}
