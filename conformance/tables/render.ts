import { AXES } from '../variants/axes.js';
import { expandTable } from '../variants/expand.js';
import { TABLES } from './index.js';
import { describeExpectation, type Baseline, type Table } from './table.js';

/**
 * docs/runner-cases.md's generated part: each table's cells (parameter, mutation, the answer
 * required, rules, cost), the cases they expand into and the n/a rows with their reasons.
 */
export function renderCaseTables(): string {
  const lines = ['<!-- generated -->', ''];
  const counts = TABLES.map((table) => ({ table, ...expandTable(table) }));
  const total = counts.reduce((sum, { cases }) => sum + cases.length, 0);
  const axes = (table: Table<Baseline>): string => table.binds.map((axis) => `${axis} (${AXES[axis].join(', ')})`).join(' × ');
  lines.push(`${total} cases from ${TABLES.length} tables, each crossed with the values of the axes it binds:`, '');
  lines.push('| table | bound axes | cases | n/a |', '|---|---|---|---|');
  for (const { table, cases, notApplicable } of counts) lines.push(`| ${table.endpoint} | ${axes(table)} | ${cases.length} | ${notApplicable.length} |`);
  for (const { table, cases, notApplicable } of counts) {
    lines.push('', `### ${table.endpoint}`, '', '| parameter | mutation | required answer | rules | spends | cases |', '|---|---|---|---|---|---|');
    for (const row of table.rows) {
      for (const cell of row.cells) {
        const family = `${table.endpoint}.${row.parameter}.${cell.mutation}`;
        const ids = cases.filter((generated) => generated.family === family).map((generated) => `\`${generated.id}\``);
        const added = Object.values(cell.axisRules ?? {}).flatMap((byValue) => Object.entries(byValue ?? {}).map(([value, rules]) => `${value}: ${(rules as string[]).join(', ')}`));
        const rules = [...cell.rules, ...(added.length > 0 ? [`(${added.join('; ')})`] : [])].join(', ');
        lines.push(`| \`${row.parameter}\` | ${cell.mutation} | ${describeExpectation(cell.expect)} | ${rules} | ${cell.consumes} | ${ids.join(', ')} |`);
      }
    }
    if (notApplicable.length > 0) {
      lines.push('', 'Not applicable:', '');
      for (const point of notApplicable) lines.push(`- \`${point.id}\`: ${point.reason}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
