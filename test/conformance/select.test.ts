import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import { ConformanceExitError } from '../../conformance/errors.js';
import { INVARIANTS } from '../../conformance/invariants/catalog.js';
import { selectChecks, selectInvariants } from '../../conformance/select.js';

const ids = (only?: string[], skip?: string[]): string[] => selectChecks(CATALOG, only, skip).map((check) => check.id);

describe('selecting checks with --only and --skip', () => {
  test('without either, every check runs in catalog order', () => {
    expect(ids()).toEqual(CATALOG.map((check) => check.id));
  });

  test('--only with a group runs exactly that group', () => {
    const selected = selectChecks(CATALOG, ['tool-errors']);
    expect(selected.map((check) => check.group)).toEqual(['tool-errors', 'tool-errors', 'tool-errors']);
  });

  test('--only mixes check ids and groups and keeps catalog order', () => {
    const chosen = ids(['missing-token-401', 'revocation', 'issuer-matches-base-url']);
    expect(chosen.slice(0, 3)).toEqual(['issuer-matches-base-url', 'missing-token-401', 'revoke-under-other-hint']);
    expect(chosen).toContain('revocation.token.empty@dcr-public+refresh');
    expect(chosen).toEqual(CATALOG.filter((check) => check.group === 'revocation' || ['missing-token-401', 'issuer-matches-base-url'].includes(check.id)).map((check) => check.id));
  });

  test('--skip with a group leaves out that group and nothing else', () => {
    const selected = selectChecks(CATALOG, [], ['rate-limits']);
    expect(selected.some((check) => check.group === 'rate-limits')).toBe(false);
    expect(selected).toHaveLength(CATALOG.length - CATALOG.filter((check) => check.group === 'rate-limits').length);
  });

  test('--skip wins over --only', () => {
    const chosen = ids(['revocation'], ['revoke-unknown-token-200', 'revocation.token.repeated']);
    expect(chosen).not.toContain('revoke-unknown-token-200');
    expect(chosen.filter((id) => id.startsWith('revocation.token.repeated@'))).toEqual([]);
    expect(chosen).toHaveLength(CATALOG.filter((check) => check.group === 'revocation').length - 7);
  });

  test('an unknown name is a usage error that points at --list', () => {
    const attempt = (): unknown => selectChecks(CATALOG, ['discovery', 'no-such-check']);
    expect(attempt).toThrow(ConformanceExitError);
    expect(attempt).toThrow('unknown check, invariant or group "no-such-check" in --only; --list shows them');
    expect(() => selectChecks(CATALOG, [], ['nope'])).toThrow('in --skip');
  });

  test('invariants are named like checks: an invariant id or the group chooses what is judged, never what runs', () => {
    const judged = (only?: string[], skip?: string[]): string[] => selectInvariants(INVARIANTS, only, skip).map((invariant) => invariant.id);
    expect(judged()).toEqual(INVARIANTS.map((invariant) => invariant.id));
    expect(judged(['revocation', 'no-server-errors', 'token-answers-no-store'])).toEqual(['token-answers-no-store', 'no-server-errors']);
    expect(judged(['revocation'])).toEqual(INVARIANTS.map((invariant) => invariant.id));
    expect(judged([], ['no-server-errors'])).not.toContain('no-server-errors');
    expect(judged([], ['invariants'])).toEqual([]);
    // Naming invariants alone runs every check, so that they have the run's exchanges to judge.
    expect(ids(['no-server-errors'])).toEqual(CATALOG.map((check) => check.id));
    expect(ids(['revocation', 'no-server-errors'])).toEqual(ids(['revocation']));
    expect(ids([], ['invariants'])).toEqual(CATALOG.map((check) => check.id));
  });

  test('a selection that leaves nothing to run is a usage error', () => {
    expect(() => selectChecks(CATALOG, ['revocation'], ['revocation'])).toThrow('--only and --skip leave no check to run');
  });
});
