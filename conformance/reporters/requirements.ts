import type { Check } from '../check.js';
import { summarizeTrace, type Requirement } from '../requirements/manifest.js';
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
  return lines.slice(1).join('\n');
}
