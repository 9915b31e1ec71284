/**
 * What the instances of one deployment share so that a 2025-11-25 client can be asked for a
 * confirmation although the server keeps no session: whether a client declared elicitation at its
 * last `initialize`, and the person's answers, handed to whichever instance holds the waiting call.
 * In process (SQLite, one instance) or in Redis (several instances: limits/redis-elicitation.ts).
 */
export interface ElicitationShare {
  /** Notes what `initialize` declared for this person and client (last one wins), for `ttlMs`. */
  rememberDeclared(key: string, declared: boolean, ttlMs: number): Promise<void>;
  /** Whether the last `initialize` of this person and client declared form elicitation. */
  declared(key: string): Promise<boolean>;
  /** Hands `payload` to the instance waiting under `route`, whichever it is (this one included). */
  publish(route: string, payload: string): Promise<void>;
  /** Where this instance hears every published answer; set once, before the first `publish`. */
  listen(hear: (route: string, payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** Remembered clients beyond which the oldest is forgotten (it then gets the token flow). */
const maxRemembered = 10_000;

/** One instance: a bounded map, and answers heard at once by this very process. */
export function inProcessElicitationShare(now: () => number = Date.now): ElicitationShare {
  const remembered = new Map<string, { declared: boolean; untilMs: number }>();
  let hear: ((route: string, payload: string) => void) | undefined;
  return {
    async rememberDeclared(key, declared, ttlMs) {
      remembered.delete(key);
      remembered.set(key, { declared, untilMs: now() + ttlMs });
      if (remembered.size > maxRemembered) remembered.delete(remembered.keys().next().value!);
    },
    async declared(key) {
      const entry = remembered.get(key);
      return entry !== undefined && entry.untilMs > now() && entry.declared;
    },
    async publish(route, payload) {
      hear?.(route, payload);
    },
    async listen(listener) {
      hear = listener;
    },
    async close() {
      remembered.clear();
    },
  };
}
