import type { Era } from '../groups.js';
import { isCovered, isObservable, type Requirement } from './requirement.js';
import { derivedBranchProblems, type AuditedCheck, type AuditedNotApplicable } from './derived-branches.js';

export type { AuditedCheck, AuditedNotApplicable } from './derived-branches.js';

/**
 * What is wrong with a manifest against a catalog, one sentence per problem: a rule with neither
 * branches nor a reason, a branch that names a check not in the catalog or one that runs in
 * another era, a branch of every era that its checks take in one era only, an uncovered branch
 * that does not say what is missing, a check that proves nothing, a case proving a rule the
 * manifest lacks, and a branch a bound axis derives that nothing takes (derived-branches.ts).
 */
export function traceProblems(requirements: readonly Requirement[], catalog: readonly AuditedCheck[], notApplicable: readonly AuditedNotApplicable[] = []): string[] {
  const eraOf = new Map(catalog.map((check) => [check.id, check.era]));
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const requirement of requirements) {
    if (seen.has(requirement.id)) problems.push(`${requirement.id} is listed twice`);
    seen.add(requirement.id);
    if (!isObservable(requirement)) {
      if (!/\S/.test(requirement.unobservable)) problems.push(`${requirement.id} names no check and gives no reason`);
      continue;
    }
    if (requirement.branches.length === 0) problems.push(`${requirement.id} names no check and gives no reason`);
    const names = requirement.branches.map((branch) => branch.name);
    for (const name of names.filter((name, index) => names.indexOf(name) !== index)) problems.push(`${requirement.id} lists branch "${name}" twice`);
    for (const branch of requirement.branches) {
      const where = `${requirement.id}, branch "${branch.name}"`;
      if (!isCovered(branch)) {
        if (!/\S/.test(branch.missing)) problems.push(`${where} has no check and does not say what is missing`);
        continue;
      }
      const unknown = branch.checks.filter((id) => !eraOf.has(id));
      for (const id of unknown) problems.push(`${where} names check ${id}, which is not in the catalog`);
      const eras = new Set(branch.checks.filter((id) => eraOf.has(id)).map((id) => eraOf.get(id) as Era));
      const era = branch.era ?? requirement.era;
      if (era !== 'any') {
        for (const id of branch.checks.filter((id) => eraOf.has(id) && eraOf.get(id) !== 'any' && eraOf.get(id) !== era)) {
          problems.push(`${where} is in the ${era} era, but check ${id} runs in ${eraOf.get(id)}`);
        }
      } else if (unknown.length === 0 && !eras.has('any') && eras.size === 1) {
        problems.push(`${where} binds every era, but its checks run only in ${[...eras][0]}: list each era as a branch`);
      }
    }
  }
  const known = new Set(requirements.map((requirement) => requirement.id));
  for (const check of catalog) {
    for (const rule of (check.rules ?? []).filter((rule) => !known.has(rule))) problems.push(`case ${check.id} proves ${rule}, which is not in the manifest`);
  }
  problems.push(...derivedBranchProblems(requirements, catalog, notApplicable));
  const proving = new Set(requirements.flatMap((requirement) => (isObservable(requirement) ? requirement.branches.flatMap((branch) => branch.checks) : [])));
  for (const check of catalog.filter((check) => !proving.has(check.id) && (check.rules ?? []).length === 0)) problems.push(`check ${check.id} proves no requirement`);
  return problems;
}
