import type { Platform } from '../../src/platform/index.js';

/**
 * Records what each platform call gave (or threw) while `recording`, and gives it back in order
 * after: a second path answering the same request sees exactly what the first saw (writes
 * create random ids).
 */
export function replaying(platform: Platform) {
  const outcomes: Array<{ value?: unknown; error?: unknown }> = [];
  let next = 0;
  const state = { recording: true };
  const proxy = new Proxy(platform, {
    get(target, key, receiver) {
      const method = Reflect.get(target, key, receiver) as unknown;
      if (typeof method !== 'function') return method;
      return async (...args: unknown[]) => {
        if (!state.recording) {
          const outcome = outcomes[next++]!;
          if ('error' in outcome) throw outcome.error;
          return outcome.value;
        }
        try {
          const value = await (method as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          outcomes.push({ value });
          return value;
        } catch (error) {
          outcomes.push({ error });
          throw error;
        }
      };
    },
  });
  return { proxy, state, rewind: () => (next = 0), reset: () => (outcomes.length = next = 0) };
}
