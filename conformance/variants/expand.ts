import type { Check } from '../check.js';
import { CHANGE_WORDS, describeExpectation, type Baseline, type Cell, type Row, type Table } from '../tables/table.js';
import { requireVariant } from './applicability.js';
import { AXES, variantId, type ClientKindName, type Variant } from './axes.js';
import { CLIENT_KINDS } from './client-kinds.js';

/** A generated case: a check whose id, rules and variant come from a table cell. */
export interface Case extends Check {
  readonly kind: 'case';
  readonly rules: readonly string[];
  readonly variant: Variant;
  /** `token.client_assertion.alg-none`: the table, parameter and mutation, whatever the variant. */
  readonly family: string;
}

/** A cell a client kind does not take, listed with its reason rather than dropped. */
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
 * Crosses each row × mutation of `table` with every value of its bound axes (the client kinds; the
 * table pins the rest): one case per applicable point, each a fresh valid baseline with exactly one
 * change, and one n/a row per point the cell rules out. Whether the deployment offers a variant is
 * evidence found at run time: such a case then skips, naming it.
 */
export function expandTable<B extends Baseline>(table: Table<B>): Expansion {
  const cases: Case[] = [];
  const notApplicable: NotApplicable[] = [];
  for (const row of table.rows) {
    for (const cell of row.cells) {
      const family = `${table.endpoint}.${row.parameter}.${cell.mutation}`;
      const kinds = cell.clients?.only ?? AXES.client;
      for (const client of AXES.client) {
        const variant: Variant = { ...table.pinned, client };
        const id = `${family}@${variantId(variant)}`;
        if (!kinds.includes(client)) notApplicable.push({ id, reason: cell.clients?.why ?? '', rules: cell.rules, variant });
        else cases.push(caseOf(table, row, cell, family, client, client === kinds[0] && cell.knownAs ? cell.knownAs : id));
      }
    }
  }
  return { cases, notApplicable };
}

function caseOf<B extends Baseline>(table: Table<B>, row: Row<B>, cell: Cell<B>, family: string, client: ClientKindName, id: string): Case {
  const variant: Variant = { ...table.pinned, client };
  const rules = [...cell.rules, ...(cell.kindRules?.[client] ?? [])];
  const what = `${table.title} by the ${client} client with ${row.parameter} ${CHANGE_WORDS[cell.mutation]}`;
  return {
    id,
    kind: 'case',
    family,
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
