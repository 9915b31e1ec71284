/** How a conformance run ended, for the CLI to turn into a process exit code. */
export type ConformanceExitCode = 1 | 2;

/**
 * Thrown instead of calling process.exit: the CLI prints `message` (one line) and exits with
 * `exitCode`. 1 means a check failed; 2 means bad usage or an unreachable deployment.
 */
export class ConformanceExitError extends Error {
  override readonly name = 'ConformanceExitError';

  constructor(
    message: string,
    readonly exitCode: ConformanceExitCode,
  ) {
    super(message);
  }
}

/** Bad flags, missing credentials, a deployment that cannot be reached: exit code 2. */
export function usageError(message: string): ConformanceExitError {
  return new ConformanceExitError(message, 2);
}
