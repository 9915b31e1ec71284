import chalk from 'chalk';
import { CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { UnsupportedRateStoreError } from '../limits/errors.js';
import { PlatformError } from '../platform/errors.js';
import { UnsupportedStoreError } from '../store/errors.js';
import { ExitError } from './errors.js';
import { buildProgram } from './program.js';

/** The one place that prints a failure and sets the exit code. */
export async function main(argv: readonly string[]): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync([...argv]);
  } catch (error) {
    process.exitCode = report(error);
  }
}

function report(error: unknown): number {
  if (error instanceof CommanderError) {
    // commander already printed its message; its code 1 means bad usage here.
    return error.exitCode === 1 ? 2 : error.exitCode;
  }
  if (isConfigurationError(error)) {
    console.error(chalk.red(`survey-mcp: ${error.message}`));
    return 2;
  }
  if (error instanceof ExitError || error instanceof PlatformError) {
    console.error(chalk.red(`survey-mcp: ${error.message}`));
    return error instanceof ExitError ? error.exitCode : 1;
  }
  console.error(chalk.red(`survey-mcp: ${(error as Error)?.message ?? String(error)}`));
  return 1;
}

/** A setting that cannot work whatever the machine's state: exit 2, like a bad flag (README, Commands). */
function isConfigurationError(error: unknown): error is Error {
  return error instanceof ConfigError || error instanceof UnsupportedStoreError || error instanceof UnsupportedRateStoreError;
}
