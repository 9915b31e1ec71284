/** Thrown by a command to stop with a message and an exit code; only `main` prints and exits. */
export class ExitError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'ExitError';
  }
}

/** Bad flags or arguments: exit code 2. */
export const usageError = (message: string): ExitError => new ExitError(message, 2);
