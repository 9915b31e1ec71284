/**
 * The flags of `npm run bench`: which rows run, how many interleaved rounds, how long each
 * measurement and the soak. Pure, so that a wrong flag is refused before any server starts.
 */
import { parseArgs } from 'node:util';

/** Every row, in the pinned order a run measures them. */
export const benchRows = [
  'eras',
  'telemetry',
  'postgres',
  'connections',
  'breakdown',
  'naive',
  'million',
  'limiter',
  'redis',
  'neighbour',
  'soak',
] as const;
export type BenchRow = (typeof benchRows)[number];

/** The rows measured in interleaved rounds, each round beside the ceiling (interleaved.ts). */
export const interleavedRows: readonly BenchRow[] = ['eras', 'telemetry', 'postgres'];

export interface BenchFlags {
  readonly rows: ReadonlySet<BenchRow>;
  /** Interleaved rounds of the eras, telemetry and PostgreSQL rows; their medians are reported. */
  readonly rounds: number;
  /** Measured seconds of each load (after its 2 s warm-up). */
  readonly seconds: number;
  /** Minutes of the soak row per store (0: left out). */
  readonly soakMinutes: number;
  /** Where the server children write V8 CPU profiles, if anywhere. */
  readonly profile?: string;
}

export const benchUsage = `usage: npm run bench -- [--rows ${benchRows.join(',')}] [--rounds 3] [--seconds 6] [--soak-minutes 5] [--profile DIR]
  --rows          the rows to run, comma-separated, in any order (they run in the order above); default: all
  --rounds        interleaved rounds of the eras, telemetry and postgres rows (medians reported); default 3
  --seconds       measured seconds of each load, after a 2 s warm-up; default 6
  --soak-minutes  minutes of the soak row per store; 0 leaves it out; default 5
  --profile DIR   the server children write V8 CPU profiles into DIR
issue 47's figures alone (about 3 minutes): npm run bench -- --rows eras,telemetry,postgres --soak-minutes 0 --rounds 3`;

/** The flags of `args` (process.argv without node and the script), or a RangeError naming the flag, its value and why. */
export function parseBenchFlags(args: readonly string[]): BenchFlags {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        rows: { type: 'string', default: 'all' },
        rounds: { type: 'string', default: '3' },
        seconds: { type: 'string', default: '6' },
        'soak-minutes': { type: 'string', default: '5' },
        profile: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new RangeError(`${(error as Error).message}\n${benchUsage}`);
  }
  const rounds = wholeNumber('--rounds', values.rounds, 1);
  const seconds = wholeNumber('--seconds', values.seconds, 1);
  const soakMinutes = Number(values['soak-minutes']);
  if (values['soak-minutes'].trim() === '' || !(soakMinutes >= 0)) {
    throw new RangeError(`--soak-minutes '${values['soak-minutes']}' must be a number of minutes, 0 to leave the soak out`);
  }
  const rows = parseRows(values.rows, soakMinutes);
  return { rows, rounds, seconds, soakMinutes, ...(values.profile !== undefined && { profile: values.profile }) };
}

function parseRows(value: string, soakMinutes: number): ReadonlySet<BenchRow> {
  if (value.trim() === 'all') return new Set(benchRows.filter((row) => row !== 'soak' || soakMinutes > 0));
  const named = value.split(',').map((row) => row.trim());
  for (const row of named) {
    if (!(benchRows as readonly string[]).includes(row)) {
      throw new RangeError(`--rows '${value}': '${row}' is not a row; the rows are all, or some of ${benchRows.join(', ')}`);
    }
  }
  if (named.includes('soak') && soakMinutes === 0) throw new RangeError(`--rows '${value}' names the soak row, which --soak-minutes 0 leaves out`);
  return new Set(named as BenchRow[]);
}

function wholeNumber(flag: string, value: string, least: number): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < least) throw new RangeError(`${flag} '${value}' must be a whole number of ${least} or more`);
  return number;
}
