import { AXES, BASELINE, type AxisName, type Variant } from '../variants/axes.js';
import type { Era } from '../groups.js';
import { isObservable, type Requirement } from './requirement.js';

/**
 * What the audit needs of a catalog check: its id, the era it runs in (`any`: not bound to one),
 * and for a generated case the rules it proves and its variant.
 */
export interface AuditedCheck {
  readonly id: string;
  readonly era: Era;
  readonly rules?: readonly string[];
  readonly variant?: Variant;
}

/** A table point no client kind takes (conformance/tables/): the branch it would be is n/a, not missing. */
export interface AuditedNotApplicable {
  readonly rules: readonly string[];
  readonly variant: Variant;
}

/** The name of the branch an axis value derives: `client: cimd-jwt`. */
export function derivedBranchName(axis: AxisName, value: string): string {
  return `${axis}: ${value}`;
}

/**
 * For each requirement that `binds` an axis, every value of it is a branch: taken by a check or
 * case proving the rule under that value (a hand-written check runs at the baseline, unless a
 * branch named `client: cimd-public` lists it), n/a where a table rules the value out for every
 * cell proving the rule, or written as `missing('client: cimd-jwt', …)`. One problem per value
 * none of these covers. The era axis keeps its own audit (eras of checks, `inEra` branches).
 */
export function derivedBranchProblems(
  requirements: readonly Requirement[],
  catalog: readonly AuditedCheck[],
  notApplicable: readonly AuditedNotApplicable[],
): string[] {
  const problems: string[] = [];
  for (const requirement of requirements.filter(isObservable)) {
    for (const axis of (requirement.binds ?? []).filter((bound) => bound !== 'era')) {
      for (const value of AXES[axis] as readonly string[]) {
        const name = derivedBranchName(axis, value);
        const written = requirement.branches.find((branch) => branch.name === name);
        if (written) continue;
        const named = new Set(requirement.branches.flatMap((branch) => branch.checks));
        const taken = catalog.some(
          (check) => (named.has(check.id) || (check.rules ?? []).includes(requirement.id)) && valueOf(check.variant, axis) === value,
        );
        const inapplicable = notApplicable.some((point) => point.rules.includes(requirement.id) && point.variant[axis] === value);
        if (!taken && !inapplicable) {
          problems.push(`${requirement.id} binds ${axis}, but no check or case proving it takes ${name}: add one, or write missing('${name}', …)`);
        }
      }
    }
  }
  return problems;
}

/** A check's value on an axis: its variant's, else the baseline a hand-written check runs at. */
function valueOf(variant: Variant | undefined, axis: AxisName): string | undefined {
  return variant?.[axis] ?? (BASELINE as Variant)[axis];
}
