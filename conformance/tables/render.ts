import { AXES, variantId } from '../variants/axes.js';
import { expandTable } from '../variants/expand.js';
import { AUTHORIZATION_TABLE } from './authorization.js';
import { REVOCATION_TABLE } from './revocation.js';
import { describeExpectation, type Baseline, type Table } from './table.js';
import { TOKEN_CODE_TABLE } from './token-code.js';
import { TOKEN_REFRESH_TABLE } from './token-refresh.js';

const TABLES: readonly Table<Baseline>[] = [AUTHORIZATION_TABLE, TOKEN_CODE_TABLE, TOKEN_REFRESH_TABLE, REVOCATION_TABLE] as unknown as Table<Baseline>[];

/**
 * docs/runner-cases.md's generated part: each table's cells (parameter, mutation, the answer
 * required, rules, cost), the cases they expand into and the n/a rows with their reasons.
 */
export function renderCaseTables(): string {
  const lines = ['<!-- generated -->', ''];
  const counts = TABLES.map((table) => ({ table, ...expandTable(table) }));
  const total = counts.reduce((sum, { cases }) => sum + cases.length, 0);
  lines.push(`${total} cases from ${TABLES.length} tables, crossed with the client kinds ${AXES.client.map((kind) => `\`${kind}\``).join(', ')}:`, '');
  lines.push('| table | bound axes | pinned | cases | n/a |', '|---|---|---|---|---|');
  for (const { table, cases, notApplicable } of counts) {
    lines.push(`| ${heading(table)} | ${table.binds.join(', ')} | ${variantId(table.pinned) || '—'} | ${cases.length} | ${notApplicable.length} |`);
  }
  for (const { table, cases, notApplicable } of counts) {
    lines.push('', `### ${heading(table)}`, '', '| parameter | mutation | required answer | rules | spends | cases |', '|---|---|---|---|---|---|');
    for (const row of table.rows) {
      for (const cell of row.cells) {
        const family = `${table.endpoint}.${row.parameter}.${cell.mutation}`;
        const ids = cases.filter((generated) => generated.family === family).map((generated) => `\`${generated.id}\``);
        const kindRules = Object.entries(cell.kindRules ?? {}).map(([kind, rules]) => ` (${kind}: ${rules.join(', ')})`);
        lines.push(`| \`${row.parameter}\` | ${cell.mutation} | ${describeExpectation(cell.expect)} | ${cell.rules.join(', ')}${kindRules.join('')} | ${cell.consumes} | ${ids.join(', ')} |`);
      }
    }
    if (notApplicable.length > 0) {
      lines.push('', 'Not applicable:', '');
      for (const point of notApplicable) lines.push(`- \`${point.id}\`: ${point.reason}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function heading(table: Table<Baseline>): string {
  return table.pinned.grant ? `${table.endpoint} (${table.pinned.grant} grant)` : table.endpoint;
}
