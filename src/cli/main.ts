import chalk from 'chalk';
import { CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { UnsupportedRateStoreError } from '../limits/errors.js';
import { PlatformError } from '../platform/errors.js';
import { StoreOptionError, UnsupportedStoreError } from '../store/errors.js';
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
    // Help and --version end in a CommanderError too, with code 0 and nothing to add.
    if (error.exitCode === 0) return 0;
    // Its exit code 1 means bad usage here; a bare subcommand group (`survey-mcp users`) has
    // printed its help, which names what is missing.
    if (error.code !== 'commander.help') console.error(chalk.red(`survey-mcp: ${error.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ')} (run with --help for usage)`));
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
  return error instanceof ConfigError || error instanceof UnsupportedStoreError || error instanceof StoreOptionError || error instanceof UnsupportedRateStoreError;
}
