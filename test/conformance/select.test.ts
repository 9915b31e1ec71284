import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import { ConformanceExitError } from '../../conformance/errors.js';
import { selectChecks } from '../../conformance/select.js';

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
    expect(ids(['missing-token-401', 'revocation', 'issuer-matches-base-url'])).toEqual([
      'issuer-matches-base-url',
      'missing-token-401',
      'revoke-under-other-hint',
      'revoke-refresh-under-access-hint',
      'revoke-other-clients-refresh-ignored',
      'revoke-error-response',
      'revocation.token.omitted@cimd-public',
      'revocation.token.omitted@cimd-jwt',
      'revocation.token.empty@dcr-public',
      'revocation.token.empty@cimd-public',
      'revocation.token.empty@cimd-jwt',
      'revocation.client_id.omitted@dcr-public',
      'revocation.client_id.omitted@cimd-public',
      'revoke-unknown-hint-ignored',
      'revoke-malformed-client-id-document',
      'revoked-access-token-401',
      'revoked-refresh-token-signs-out',
      'revoke-unknown-token-200',
      'revoke-other-clients-token-ignored',
    ]);
  });

  test('--skip with a group leaves out that group and nothing else', () => {
    const selected = selectChecks(CATALOG, [], ['rate-limits']);
    expect(selected.some((check) => check.group === 'rate-limits')).toBe(false);
    expect(selected).toHaveLength(CATALOG.length - CATALOG.filter((check) => check.group === 'rate-limits').length);
  });

  test('--skip wins over --only', () => {
    expect(ids(['revocation'], ['revoke-unknown-token-200'])).toEqual([
      'revoke-under-other-hint',
      'revoke-refresh-under-access-hint',
      'revoke-other-clients-refresh-ignored',
      'revoke-error-response',
      'revocation.token.omitted@cimd-public',
      'revocation.token.omitted@cimd-jwt',
      'revocation.token.empty@dcr-public',
      'revocation.token.empty@cimd-public',
      'revocation.token.empty@cimd-jwt',
      'revocation.client_id.omitted@dcr-public',
      'revocation.client_id.omitted@cimd-public',
      'revoke-unknown-hint-ignored',
      'revoke-malformed-client-id-document',
      'revoked-access-token-401',
      'revoked-refresh-token-signs-out',
      'revoke-other-clients-token-ignored',
    ]);
  });

  test('an unknown name is a usage error that points at --list', () => {
    const attempt = (): unknown => selectChecks(CATALOG, ['discovery', 'no-such-check']);
    expect(attempt).toThrow(ConformanceExitError);
    expect(attempt).toThrow('unknown check or group "no-such-check" in --only; --list shows them');
    expect(() => selectChecks(CATALOG, [], ['nope'])).toThrow('in --skip');
  });

  test('a selection that leaves nothing to run is a usage error', () => {
    expect(() => selectChecks(CATALOG, ['revocation'], ['revocation'])).toThrow('--only and --skip leave no check to run');
  });
});
