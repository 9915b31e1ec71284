/**
 * Before Node 24, AsyncLocalStorage runs on promise hooks that every promise pays for, whether it
 * reads the request scope or not: about a sixth of a request's CPU under the bench's load
 * (docs/benchmarks.md). Started with this flag, Node 22 carries the context in a frame instead, as
 * Node 24 does by default; Node 24 refuses the flag.
 */
const FLAG = '--experimental-async-context-frame';

/** The Node flags a server process of this Node version starts with: the flag before Node 24, none from it. */
export function asyncContextFrameFlags(nodeVersion: string = process.versions.node): string[] {
  return Number(nodeVersion.split('.')[0]) < 24 ? [FLAG] : [];
}

/**
 * Replaces this process with itself started with `asyncContextFrameFlags()` (the same pid, signals
 * and parent: `process.execve`), where they are missing. Where `execve` is not available (Windows,
 * Node before 22.15) it returns and the process runs on promise hooks, only slower.
 */
export function restartWithAsyncContextFrame(): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  const missing = asyncContextFrameFlags().filter((flag) => !given.includes(flag));
  if (missing.length === 0 || process.platform === 'win32' || typeof process.execve !== 'function') return;
  process.execve(process.execPath, [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)]);
}
