import chalk from 'chalk';
import { CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { PlatformError } from '../platform/errors.js';
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
  if (error instanceof ExitError || error instanceof PlatformError || error instanceof ConfigError) {
    console.error(chalk.red(`survey-mcp: ${error.message}`));
    if (error instanceof ConfigError) return 2;
    return error instanceof ExitError ? error.exitCode : 1;
  }
  console.error(chalk.red(`survey-mcp: ${(error as Error)?.message ?? String(error)}`));
  return 1;
}
