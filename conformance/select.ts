import { eraOf, GROUPS, type Check } from './check.js';
import { usageError } from './errors.js';
import type { ProtocolChoice } from './options.js';

/**
 * The checks a run makes, in catalog order: those named (by id, group or case family) in `only`, or all,
 * minus those named in `skip` and those of the MCP era `protocol` leaves out. Unknown names are
 * a usage error, so a typo cannot silently drop a check.
 */
export function selectChecks(
  catalog: readonly Check[],
  only: readonly string[] = [],
  skip: readonly string[] = [],
  protocol: ProtocolChoice = 'auto',
): Check[] {
  const known = new Set<string>([...GROUPS, ...catalog.flatMap((check) => [check.id, ...(check.family ? [check.family] : [])])]);
  for (const [flag, names] of [['--only', only], ['--skip', skip]] as const) {
    const unknown = names.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw usageError(`unknown check or group ${unknown.map((n) => `"${n}"`).join(', ')} in ${flag}; --list shows them`);
    }
  }
  const named = (names: readonly string[], check: Check): boolean =>
    names.includes(check.id) || names.includes(check.group) || (check.family !== undefined && names.includes(check.family));
  const chosen = catalog.filter((check) => (only.length === 0 || named(only, check)) && !named(skip, check));
  if (chosen.length === 0) throw usageError('--only and --skip leave no check to run');
  const selected = chosen.filter((check) => protocol === 'auto' || [protocol, 'any'].includes(eraOf(check)));
  if (selected.length === 0) throw usageError(`--protocol ${protocol} leaves none of the checks named by --only and --skip`);
  return selected;
}
