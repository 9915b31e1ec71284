import { type Requirement } from '../requirements/manifest.js';
import { isCovered, isObservable, isProven } from '../requirements/requirement.js';
import { renderSourceTable } from './requirements.js';

/**
 * The generated part of docs/requirements-branches.md: the counts per source, then every
 * requirement that is partial with the branches no check takes yet, source by source.
 */
export function renderUncoveredBranches(requirements: readonly Requirement[]): string {
  const uncovered = requirements.flatMap((requirement) => (isObservable(requirement) ? requirement.branches.filter((each) => !isCovered(each)) : []));
  const partial = requirements.filter((requirement) => isObservable(requirement) && !isProven(requirement)).length;
  const lines = ['<!-- generated -->', '', renderSourceTable(requirements), '', `${uncovered.length} branches of ${partial} requirements have no check yet:`, ''];
  let source = '';
  for (const requirement of requirements) {
    if (!isObservable(requirement) || isProven(requirement)) continue;
    if (requirement.source !== source) {
      source = requirement.source;
      lines.push(`### ${source}`, '');
    }
    const covered = requirement.branches.filter(isCovered);
    lines.push(`- **${requirement.id}** (${requirement.level}, § ${requirement.section}): ${requirement.rule}`);
    for (const branch of covered) lines.push(`  - ${branch.name}: ${branch.checks.join(', ')}`);
    for (const branch of requirement.branches.filter((each) => !isCovered(each))) {
      lines.push(`  - ${branch.name}: **no check** — ${'missing' in branch ? branch.missing : ''}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
