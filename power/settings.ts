import { join } from 'node:path';
import { VERDICTS, type Verdict } from './classify.js';

/** Where one runner-power run keeps its files, and its sample; handed to Stryker's processes in the environment. */
export interface PowerSettings {
  readonly out: string;
  /** The throw-away CA and loopback certificate of the client metadata documents. */
  readonly certificates: string;
  /** One runner outcome per Stryker mutant id of the current run. */
  readonly runs: string;
  /** The committed records of measured mutants (power/measured.ts): what a report and a resumed run read. */
  readonly measured: string;
  /** Stryker ids the command runs; every other id exits 0 at once (outside the sample, or resumed). */
  readonly toRun: string;
  readonly sample: string;
  readonly seed: string;
  readonly size: number;
  readonly resume: boolean;
  /** Verdicts whose mutants a resumed run measures again, e.g. the survivors once new checks landed. */
  readonly remeasure: readonly Verdict[];
}

export const OUT_ENV = 'RUNNER_POWER_OUT';

export function parseVerdicts(list: readonly string[]): Verdict[] {
  return list.map((name) => {
    if (!(VERDICTS as readonly string[]).includes(name)) throw new Error(`--remeasure takes ${VERDICTS.map((v) => `'${v}'`).join(', ')}, got '${name.slice(0, 30)}'`);
    return name as Verdict;
  });
}

export function powerSettings(out: string, measured: string, seed: string, size: number, resume: boolean, remeasure: readonly Verdict[] = []): PowerSettings {
  return {
    out,
    certificates: join(out, 'certs'),
    runs: join(out, 'runs'),
    measured,
    toRun: join(out, 'to-run.txt'),
    sample: join(out, 'sample.json'),
    seed,
    size,
    resume,
    remeasure,
  };
}

export function settingsEnv(settings: PowerSettings): Record<string, string> {
  return {
    [OUT_ENV]: settings.out,
    RUNNER_POWER_MEASURED: settings.measured,
    RUNNER_POWER_SEED: settings.seed,
    RUNNER_POWER_SIZE: String(settings.size),
    RUNNER_POWER_RESUME: settings.resume ? '1' : '',
    RUNNER_POWER_REMEASURE: settings.remeasure.join(','),
  };
}

export function powerEnv(env: NodeJS.ProcessEnv): PowerSettings {
  const out = env[OUT_ENV];
  const measured = env.RUNNER_POWER_MEASURED;
  if (!out || !measured) throw new Error(`${OUT_ENV} or RUNNER_POWER_MEASURED is not set: run this through npm run runner-power`);
  const remeasure = parseVerdicts((env.RUNNER_POWER_REMEASURE ?? '').split(',').filter((name) => name !== ''));
  return powerSettings(out, measured, env.RUNNER_POWER_SEED ?? '31', Number(env.RUNNER_POWER_SIZE ?? 300), env.RUNNER_POWER_RESUME === '1', remeasure);
}
