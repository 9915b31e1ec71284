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

/** One branch an axis value derives for a requirement, and what takes it. */
export interface DerivedBranch {
  readonly axis: AxisName;
  /** `client: cimd-jwt`. */
  readonly name: string;
  /** The checks and cases that prove the rule under this value. */
  readonly takenBy: readonly string[];
  /** A table rules the value out for a cell proving the rule (an n/a row). */
  readonly notApplicable: boolean;
  /** The manifest names the branch itself (`missing('client: cimd-jwt', …)` or a hand-written check). */
  readonly written: boolean;
}

/**
 * The branches `requirement` derives from the axes it binds (the era axis keeps its own audit):
 * one per value, taken by a check or case proving the rule under that value (a hand-written check
 * runs at the baseline, unless a branch named `client: cimd-public` lists it), n/a where a table
 * rules the value out for a cell proving the rule, or written in the manifest.
 */
export function derivedBranches(requirement: Requirement, catalog: readonly AuditedCheck[], notApplicable: readonly AuditedNotApplicable[]): DerivedBranch[] {
  if (!isObservable(requirement)) return [];
  const named = new Set(requirement.branches.flatMap((branch) => branch.checks));
  return (requirement.binds ?? [])
    .filter((bound) => bound !== 'era')
    .flatMap((axis) =>
      (AXES[axis] as readonly string[]).map((value) => {
        const name = derivedBranchName(axis, value);
        const takenBy = catalog
          .filter((check) => (named.has(check.id) || (check.rules ?? []).includes(requirement.id)) && valueOf(check.variant, axis) === value)
          .map((check) => check.id);
        return {
          axis,
          name,
          takenBy,
          notApplicable: notApplicable.some((point) => point.rules.includes(requirement.id) && point.variant[axis] === value),
          written: requirement.branches.some((branch) => branch.name === name),
        };
      }),
    );
}

/** One problem per derived branch nothing takes: no check or case, no n/a row, not written in the manifest. */
export function derivedBranchProblems(
  requirements: readonly Requirement[],
  catalog: readonly AuditedCheck[],
  notApplicable: readonly AuditedNotApplicable[],
): string[] {
  return requirements.flatMap((requirement) =>
    derivedBranches(requirement, catalog, notApplicable)
      .filter((derived) => !derived.written && derived.takenBy.length === 0 && !derived.notApplicable)
      .map(({ axis, name }) => `${requirement.id} binds ${axis}, but no check or case proving it takes ${name}: add one, or write missing('${name}', …)`),
  );
}

/** A check's value on an axis: its variant's, else the baseline a hand-written check runs at. */
function valueOf(variant: Variant | undefined, axis: AxisName): string | undefined {
  return variant?.[axis] ?? (BASELINE as Variant)[axis];
}
