import type { ConformanceFlags } from '../../../conformance/cli.js';
import { conformanceCommand } from '../../../conformance/command.js';
import { ConformanceExitError } from '../../../conformance/errors.js';
import { ExitError } from '../errors.js';

/** The runner knows nothing of this CLI, so its exit error is translated here. */
export async function conformance(flags: ConformanceFlags): Promise<void> {
  try {
    await conformanceCommand(flags);
  } catch (error) {
    if (error instanceof ConformanceExitError) throw new ExitError(error.message, error.exitCode);
    throw error;
  }
}
