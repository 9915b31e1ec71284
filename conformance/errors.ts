/** How a conformance run ended, for the CLI to turn into a process exit code. */
export type ConformanceExitCode = 1 | 2;

/**
 * Thrown instead of calling process.exit: the CLI prints `message` (one line) and exits with
 * `exitCode`. 1 means a check failed; 2 means bad usage or a setup error.
 */
export class ConformanceExitError extends Error {
  override readonly name: string = 'ConformanceExitError';

  constructor(
    message: string,
    readonly exitCode: ConformanceExitCode,
  ) {
    super(message);
  }
}

/** Bad flags or missing credentials: exit code 2. */
export function usageError(message: string): ConformanceExitError {
  return new ConformanceExitError(message, 2);
}

/**
 * The run could not start, so no check was judged: the deployment cannot be reached or is not an
 * MCP deployment, the sign-in failed, a report cannot be written. Exit code 2, and the reports
 * that can be written record it, so CI does not read a misconfigured job as a broken deployment.
 */
export class SetupFailed extends ConformanceExitError {
  override readonly name = 'SetupFailed';

  constructor(message: string) {
    super(message, 2);
  }
}
