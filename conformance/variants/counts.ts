import type { CheckResult, EndpointCounts } from '../report.js';
import { variantId, type AxisName } from './axes.js';
import type { Case, NotApplicable } from './expand.js';

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
