import { eraOf, GROUPS, type Check } from './check.js';
import { usageError } from './errors.js';
import { INVARIANTS } from './invariants/catalog.js';
import type { Invariant } from './invariants/invariant.js';
import type { ProtocolChoice } from './options.js';

/** The group every invariant is listed under: `--only invariants` judges them all, `--skip invariants` none. */
const INVARIANT_GROUP = 'invariants';

/**
 * The checks a run makes, in catalog order: those named (by id, group or case family) in `only`, or all,
 * minus those named in `skip` and those of the MCP era `protocol` leaves out. `only` and `skip`
 * may also name invariants (by id, or the group `invariants`): those choose what is judged, not
 * what runs, so an `only` naming invariants alone runs every check. Unknown names are a usage
 * error, so a typo cannot silently drop a check.
 */
export function selectChecks(
  catalog: readonly Check[],
  only: readonly string[] = [],
  skip: readonly string[] = [],
  protocol: ProtocolChoice = 'auto',
  invariants: readonly Invariant[] = INVARIANTS,
): Check[] {
  const invariantNames = new Set([INVARIANT_GROUP, ...invariants.map((invariant) => invariant.id)]);
  const known = new Set<string>([...GROUPS, ...invariantNames, ...catalog.flatMap((check) => [check.id, ...(check.family ? [check.family] : [])])]);
  for (const [flag, names] of [['--only', only], ['--skip', skip]] as const) {
    const unknown = names.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw usageError(`unknown check, invariant or group ${unknown.map((n) => `"${n}"`).join(', ')} in ${flag}; --list shows them`);
    }
  }
  const onlyChecks = only.filter((name) => !invariantNames.has(name));
  const named = (names: readonly string[], check: Check): boolean =>
    names.includes(check.id) || names.includes(check.group) || (check.family !== undefined && names.includes(check.family));
  const chosen = catalog.filter((check) => (onlyChecks.length === 0 || named(onlyChecks, check)) && !named(skip, check));
  if (chosen.length === 0) throw usageError('--only and --skip leave no check to run');
  const selected = chosen.filter((check) => protocol === 'auto' || [protocol, 'any'].includes(eraOf(check)));
  if (selected.length === 0) throw usageError(`--protocol ${protocol} leaves none of the checks named by --only and --skip`);
  return selected;
}

/**
 * The invariants a run judges: those `only` names (by id, or the group `invariants`), or all when
 * it names none, minus those `skip` names. Names of checks are selectChecks' to check.
 */
export function selectInvariants(invariants: readonly Invariant[], only: readonly string[] = [], skip: readonly string[] = []): Invariant[] {
  const named = (names: readonly string[], invariant: Invariant): boolean => names.includes(invariant.id) || names.includes(INVARIANT_GROUP);
  const onlyInvariants = only.filter((name) => name === INVARIANT_GROUP || invariants.some((invariant) => invariant.id === name));
  return invariants.filter((invariant) => (onlyInvariants.length === 0 || named(onlyInvariants, invariant)) && !named(skip, invariant));
}
