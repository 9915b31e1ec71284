import type { Check } from '../check.js';
import { CHANGE_WORDS, describeExpectation, type Baseline, type Cell, type Row, type Table } from '../tables/table.js';
import { requireVariant } from './applicability.js';
import { expandAxes, variantId, type AxisName, type Variant } from './axes.js';
import { CLIENT_KINDS } from './client-kinds.js';

/** A generated case: a check whose id, rules and variant come from a table cell. */
export interface Case extends Check {
  readonly kind: 'case';
  readonly rules: readonly string[];
  readonly variant: Variant;
  /** `token.client_assertion.alg-none`: the table, parameter and mutation, whatever the variant. */
  readonly family: string;
  /** The table's endpoint: `token`, `revocation`, `authorize`. */
  readonly endpoint: string;
}

/** A point of a table a cell rules out, listed with its reason rather than dropped. */
export interface NotApplicable {
  readonly id: string;
  readonly reason: string;
  /** The rules the cell proves elsewhere: for these, the variant is n/a rather than missing. */
  readonly rules: readonly string[];
  readonly variant: Variant;
}

export interface Expansion {
  readonly cases: readonly Case[];
  readonly notApplicable: readonly NotApplicable[];
}

/**
 * Crosses each row × mutation of `table` with every point of its bound axes (client kind, grant,
 * token kind): one case per point the cell applies to, each a fresh valid baseline with exactly
 * one change, and one n/a row per point the cell rules out, naming the axis and why. Whether the
 * deployment offers a variant is evidence found at run time: such a case then skips, naming it.
 */
export function expandTable<B extends Baseline>(table: Table<B>): Expansion {
  const cases: Case[] = [];
  const notApplicable: NotApplicable[] = [];
  const points = expandAxes(table.binds);
  for (const row of table.rows) {
    for (const cell of row.cells) {
      const family = `${table.endpoint}.${row.parameter}.${cell.mutation}`;
      let named = false;
      for (const variant of points) {
        const id = `${family}@${variantId(variant)}`;
        const ruledOut = ruledOutBy(cell, variant);
        if (ruledOut !== undefined) {
          notApplicable.push({ id, reason: ruledOut, rules: rulesAt(cell, variant), variant });
          continue;
        }
        // The hand-written check a cell replaced keeps its id for the cell's first applicable point.
        const known = cell.knownAs !== undefined && (cell.knownAsAt === undefined ? !named : cell.knownAsAt === variantId(variant));
        cases.push(caseOf(table, row, cell, family, variant, known ? (cell.knownAs ?? id) : id));
        named = true;
      }
    }
  }
  return { cases, notApplicable };
}

/** Why `cell` does not apply at `variant`, when one of its limits rules the point out. */
function ruledOutBy<B extends Baseline>(cell: Cell<B>, variant: Variant): string | undefined {
  for (const [axis, limit] of Object.entries(cell.limits ?? {}) as [AxisName, { only: readonly string[]; why: string }][]) {
    const value = variant[axis];
    if (value !== undefined && !limit.only.includes(value)) return limit.why;
  }
  return undefined;
}

/** The rules a cell proves at `variant`: its own, and those its axis values add. */
export function rulesAt<B extends Baseline>(cell: Cell<B>, variant: Variant): string[] {
  const added = (Object.keys(cell.axisRules ?? {}) as AxisName[]).flatMap((axis) => {
    const value = variant[axis];
    const byValue = cell.axisRules?.[axis] as Partial<Record<string, readonly string[]>> | undefined;
    return value === undefined ? [] : (byValue?.[value] ?? []);
  });
  const rules = [...cell.rules, ...added];
  if (rules.length === 0) throw new Error(`a ${cell.mutation} cell proves no rule at ${variantId(variant)}: give it rules or axisRules for that point`);
  return rules;
}

function caseOf<B extends Baseline>(table: Table<B>, row: Row<B>, cell: Cell<B>, family: string, variant: Variant, id: string): Case {
  const client = variant.client ?? 'dcr-public';
  const rules = rulesAt(cell, variant);
  const what = `${table.title(variant)} by the ${client} client with ${row.parameter} ${CHANGE_WORDS[cell.mutation]}`;
  return {
    id,
    kind: 'case',
    family,
    endpoint: table.endpoint,
    rules,
    variant,
    group: table.group,
    title: `${what}: ${describeExpectation(cell.expect)}`,
    spec: rules.join(', '),
    level: cell.level ?? 'MUST',
    needsSignIn: table.needsSignIn,
    async run(ctx) {
      await requireVariant(ctx, variant);
      const baseline = await table.baseline(ctx, CLIENT_KINDS[client], variant);
      return table.judge(baseline, await cell.change(baseline), cell, what);
    },
  };
}
