import { performance } from 'node:perf_hooks';

/** Called with each operation's name, its time in seconds and whether it failed. */
export type OperationTimer = (operation: string, seconds: number, failed: boolean) => void;

/**
 * A copy of `target` whose methods named in `methods` (by default every own method: a plain
 * object such as the store) are timed by `timer` when they return a promise. Made once, so the
 * hot path pays two clock reads a call and no proxy. Other own values are copied as they are.
 */
export function timedMethods<T extends object>(target: T, timer: OperationTimer, methods: readonly (keyof T & string)[] = ownMethods(target)): T {
  const timed = { ...target } as Record<string, unknown>;
  for (const name of methods) {
    const method = target[name] as (...args: unknown[]) => unknown;
    timed[name] = function timedCall(...args: unknown[]): unknown {
      const started = performance.now();
      const result = method.apply(target, args);
      if (!(result instanceof Promise)) return result;
      const done = (failed: boolean) => timer(name, (performance.now() - started) / 1000, failed);
      result.then(
        () => done(false),
        () => done(true),
      );
      return result;
    };
  }
  return timed as T;
}

function ownMethods<T extends object>(target: T): (keyof T & string)[] {
  return Object.keys(target).filter((name) => typeof target[name as keyof T] === 'function') as (keyof T & string)[];
}
