import { join } from 'node:path';

/** Where one runner-power run keeps its files, and its sample; handed to Stryker's processes in the environment. */
export interface PowerSettings {
  readonly out: string;
  /** The throw-away CA and loopback certificate of the client metadata documents. */
  readonly certificates: string;
  /** One runner outcome per Stryker mutant id of the current run. */
  readonly runs: string;
  /** One record per sampled mutant, by its identity's digest: what a report and a resumed run read. */
  readonly mutants: string;
  /** Stryker ids the command runs; every other id exits 0 at once (outside the sample, or resumed). */
  readonly toRun: string;
  readonly sample: string;
  readonly seed: string;
  readonly size: number;
  readonly resume: boolean;
}

export const OUT_ENV = 'RUNNER_POWER_OUT';

export function powerSettings(out: string, seed: string, size: number, resume: boolean): PowerSettings {
  return {
    out,
    certificates: join(out, 'certs'),
    runs: join(out, 'runs'),
    mutants: join(out, 'mutants'),
    toRun: join(out, 'to-run.txt'),
    sample: join(out, 'sample.json'),
    seed,
    size,
    resume,
  };
}

export function settingsEnv(settings: PowerSettings): Record<string, string> {
  return {
    [OUT_ENV]: settings.out,
    RUNNER_POWER_SEED: settings.seed,
    RUNNER_POWER_SIZE: String(settings.size),
    RUNNER_POWER_RESUME: settings.resume ? '1' : '',
  };
}

export function powerEnv(env: NodeJS.ProcessEnv): PowerSettings {
  const out = env[OUT_ENV];
  if (!out) throw new Error(`${OUT_ENV} is not set: run this through npm run runner-power`);
  return powerSettings(out, env.RUNNER_POWER_SEED ?? '31', Number(env.RUNNER_POWER_SIZE ?? 300), env.RUNNER_POWER_RESUME === '1');
}
