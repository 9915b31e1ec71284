import type { Check } from '../check.js';
import { countBySource, summarizeTrace, type Requirement } from '../requirements/manifest.js';
import { isProven } from '../requirements/requirement.js';

/** `--list --requirements`: each rule, its source and level, and the checks that prove it. */
export function renderRequirementTrace(requirements: readonly Requirement[], catalog: readonly Check[]): string {
  const lines: string[] = [];
  let source = '';
  for (const requirement of requirements) {
    if (requirement.source !== source) {
      source = requirement.source;
      lines.push('', source);
    }
    const era = requirement.era === 'any' ? '' : ` [${requirement.era}]`;
    lines.push(`  ${requirement.id}  ${requirement.level}  § ${requirement.section}${era}`);
    lines.push(`    ${requirement.rule}`);
    lines.push(isProven(requirement) ? `    proven by: ${requirement.checks.join(', ')}` : `    not observable: ${requirement.unobservable}`);
  }
  const { total, proven, unobservable } = summarizeTrace(requirements);
  const proving = new Set(requirements.flatMap((requirement) => (isProven(requirement) ? requirement.checks : [])));
  lines.push(
    '',
    `${total} requirements: ${proven} proven by ${catalog.filter((check) => proving.has(check.id)).length} checks, ${unobservable.length} not observable from outside`,
    '',
  );
  return [...lines.slice(1), renderSourceTable(requirements), ''].join('\n');
}

/** The counts per source as a Markdown table: what the README's conformance section shows. */
export function renderSourceTable(requirements: readonly Requirement[]): string {
  const rows = countBySource(requirements).map((row) => `| ${row.source} | ${row.requirements} | ${row.proven} | ${row.unobservable} |`);
  return ['| source | requirements | proven | not observable |', '|---|---:|---:|---:|', ...rows].join('\n');
}
