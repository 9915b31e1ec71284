import type { CheckResult } from '../report.js';
import { variantId, type AxisName } from './axes.js';
import type { Case, NotApplicable } from './expand.js';

/** One endpoint's generated cases in a run: how many the tables give, how many ran, and the points ruled out. */
export interface EndpointCounts {
  readonly endpoint: string;
  /** The axes its table crosses. */
  readonly binds: readonly AxisName[];
  /** Distinct variants (points of the bound axes) its cases take. */
  readonly variants: number;
  /** Cases the table generates. */
  readonly generated: number;
  /** Of those, selected for this run (`--only`, `--skip`, `--protocol`). */
  readonly selected: number;
  /** Judged: passed, failed or warned. */
  readonly run: number;
  /** Selected but not judged: a variant not offered, not verified for want of a flag, or blocked. */
  readonly notRun: number;
  /** Points a cell rules out, each listed with its reason (docs/runner-cases.md). */
  readonly notApplicable: number;
}

const JUDGED = new Set(['pass', 'fail', 'warn']);

/** Per endpoint, the cases its table generates and what the run made of them. */
export function countCases(
  tables: readonly { readonly endpoint: string; readonly binds: readonly AxisName[]; readonly cases: readonly Case[]; readonly notApplicable: readonly NotApplicable[] }[],
  results: readonly CheckResult[],
): EndpointCounts[] {
  const byId = new Map(results.map((result) => [result.id, result]));
  return tables.map(({ endpoint, binds, cases, notApplicable }) => {
    const selected = cases.flatMap((generated) => byId.get(generated.id) ?? []);
    const run = selected.filter((result) => JUDGED.has(result.status)).length;
    return {
      endpoint,
      binds,
      variants: new Set(cases.map((generated) => variantId(generated.variant))).size,
      generated: cases.length,
      selected: selected.length,
      run,
      notRun: selected.length - run,
      notApplicable: notApplicable.length,
    };
  });
}
