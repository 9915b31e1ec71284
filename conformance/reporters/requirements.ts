import { eraOf, type Check } from '../check.js';
import { derivedBranches, type AuditedNotApplicable, type DerivedBranch } from '../requirements/derived-branches.js';
import { countBySource, summarizeTrace, type Requirement } from '../requirements/manifest.js';
import { checksOf, isCovered, isObservable, statusOf, WHOLE_RULE, type Branch } from '../requirements/requirement.js';

/** `--list --requirements`: each rule, its source and level, and per branch the checks that take it. */
export function renderRequirementTrace(
  requirements: readonly Requirement[],
  catalog: readonly Check[],
  invariants: readonly { readonly id: string }[],
  notApplicable: readonly AuditedNotApplicable[] = [],
): string {
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
    if (!isObservable(requirement)) lines.push(`    not observable: ${requirement.unobservable}`);
    else if (requirement.branches.length === 1 && requirement.branches[0].name === WHOLE_RULE) lines.push(`    ${branchLine(requirement.branches[0])}`);
    else {
      lines.push(`    ${statusOf(requirement)} on ${requirement.branches.filter(isCovered).length} of ${requirement.branches.length} branches:`);
      for (const branch of requirement.branches) lines.push(`      ${branch.name}${branch.era && !branch.name.includes(branch.era) ? ` [${branch.era}]` : ''}: ${branchLine(branch)}`);
    }
    const cases = catalog.filter((check) => check.rules?.includes(requirement.id)).map((check) => check.id);
    if (cases.length > 0) lines.push(`    and by ${cases.length} table cases: ${cases.join(', ')}`);
    const derived = derivedBranches(requirement, catalog.map((check) => ({ ...check, era: eraOf(check) })), notApplicable);
    if (derived.length > 0) lines.push(`    derived branches (${requirement.binds?.join(' × ')}): ${derived.map(derivedLine).join('; ')}`);
  }
  const { total, proven, partial, unobservable } = summarizeTrace(requirements);
  lines.push(
    '',
    `${total} requirements: ${proven} proven on every branch and ${partial} partial, by ${proving(requirements, catalog)} checks and ${proving(requirements, invariants)} invariants; ${unobservable} not observable from outside`,
    '',
  );
  return [...lines.slice(1), renderSourceTable(requirements), ''].join('\n');
}

/** `token: refresh 12`: how many checks and cases take a derived branch, or why none need to. */
function derivedLine(derived: DerivedBranch): string {
  if (derived.takenBy.length > 0) return `${derived.name} ${derived.takenBy.length}`;
  return `${derived.name} ${derived.notApplicable ? 'n/a' : derived.written ? 'as written' : 'MISSING'}`;
}

function branchLine(branch: Branch): string {
  return isCovered(branch) ? `proven by: ${branch.checks.join(', ')}` : `no check yet: ${branch.missing}`;
}

/** How many of `provers` (checks, or invariants) some branch names, or that prove a rule by its id (a table's cases). */
function proving(requirements: readonly Requirement[], provers: readonly { readonly id: string; readonly rules?: readonly string[] }[]): number {
  const named = new Set(requirements.flatMap(checksOf));
  const ids = new Set(requirements.map((requirement) => requirement.id));
  return provers.filter((prover) => named.has(prover.id) || (prover.rules ?? []).some((rule) => ids.has(rule))).length;
}

/** `--list --requirements --json FILE`: the manifest as data, each requirement with its status and branches. */
export function renderRequirementJson(requirements: readonly Requirement[]): string {
  const rows = requirements.map((requirement) => ({ ...requirement, status: statusOf(requirement) }));
  return `${JSON.stringify({ summary: summarizeTrace(requirements), sources: countBySource(requirements), requirements: rows }, null, 2)}\n`;
}

/** The counts per source as a Markdown table: what the README's conformance section shows. */
export function renderSourceTable(requirements: readonly Requirement[]): string {
  const rows = countBySource(requirements).map(
    (row) => `| ${row.source} | ${row.requirements} | ${row.proven} | ${row.partial} | ${row.unobservable} |`,
  );
  return ['| source | requirements | proven | partial | not observable |', '|---|---:|---:|---:|---:|', ...rows].join('\n');
}
