import { describe, expect, test } from 'vitest';
import type { CheckResult } from '../report.js';
import { countCases } from './counts.js';
import type { Case, NotApplicable } from './expand.js';

const generated = (id: string, client: Case['variant']['client'], token: Case['variant']['token']): Case =>
  ({ id, variant: { client, token } }) as Case;
const outcome = (id: string, status: CheckResult['status']): CheckResult => ({ id, status }) as CheckResult;

describe('counting the generated cases of a run', () => {
  test('per endpoint: its distinct variants, the cases selected, judged and not run, and the points ruled out', () => {
    const cases = [
      generated('revocation.token.empty@dcr-public+access', 'dcr-public', 'access'),
      generated('revocation.token.empty@dcr-public+refresh', 'dcr-public', 'refresh'),
      generated('revocation.token.repeated@dcr-public+access', 'dcr-public', 'access'),
      generated('revocation.token.empty@cimd-jwt+access', 'cimd-jwt', 'access'),
    ];
    const notApplicable = [{ id: 'revocation.token.omitted@dcr-public+refresh' } as NotApplicable];
    const results = [
      outcome('revocation.token.empty@dcr-public+access', 'pass'),
      outcome('revocation.token.empty@dcr-public+refresh', 'fail'),
      outcome('revocation.token.empty@cimd-jwt+access', 'skip'),
      outcome('discovery-ok', 'pass'),
    ];
    expect(countCases([{ endpoint: 'revocation', binds: ['client', 'token'], cases, notApplicable }], results)).toEqual([
      { endpoint: 'revocation', binds: ['client', 'token'], variants: 3, generated: 4, selected: 3, run: 2, notRun: 1, notApplicable: 1 },
    ]);
  });
});
