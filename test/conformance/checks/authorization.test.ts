import { describe, expect, test } from 'vitest';
import { describeFaultCases } from '../fault-suite.js';
import { runAgainst, withFakeDeployment } from '../harness.js';

describeFaultCases('authorization');

describe('the replay checks and a refresh grace', () => {
  // A runner cannot learn the grace: told a shorter one, it presents the spent token while the
  // deployment still answers it as a retry, and says which flag to give. (A deployment whose grace
  // ends at the successor's first use, as issue 33 asks, may refuse sooner: this one does not.)
  test('fail, naming --refresh-grace, against a deployment whose grace is longer than the one given', async () => {
    const report = await withFakeDeployment({ refreshGraceSeconds: 30, faults: { graceOutlivesSuccessorUse: true } }, (fake) =>
      runAgainst(fake, { only: ['spent-refresh-token-refused'], refreshGraceSeconds: 1 }),
    );
    expect(report.results.map((result) => [result.id, result.status])).toEqual([['spent-refresh-token-refused', 'fail']]);
    expect(report.results[0]?.message).toMatch(/presenting the spent refresh token again 2 s after a retry was answered \(past --refresh-grace 1\), after its lineage renewed: expected HTTP 400, got HTTP 200/);
  });

  test('pass at once, with no wait, against a deployment without one', async () => {
    const report = await withFakeDeployment({ faults: { noRefreshGrace: true } }, (fake) =>
      runAgainst(fake, { only: ['spent-refresh-token-refused', 'spent-refresh-revokes-grant'], refreshGraceSeconds: 3600 }),
    );
    expect(report.results.map((result) => [result.id, result.status])).toEqual([
      ['spent-refresh-token-refused', 'pass'],
      ['spent-refresh-revokes-grant', 'pass'],
    ]);
    expect(report.results.map((result) => result.message)).toEqual([
      'the spent refresh token got 400 invalid_grant',
      'after the reuse the newest access token answered 401 and the newest refresh token was refused',
    ]);
  });
});

describe('the grace checks against a deployment without a refresh grace', () => {
  const noGrace = { faults: { noRefreshGrace: true } };
  const graceChecks = ['refresh-retry-same-successor', 'refresh-retry-other-client-refused'];

  test('skip when no grace was given: a deployment may have none', async () => {
    const report = await withFakeDeployment(noGrace, (fake) => runAgainst(fake, { only: graceChecks, refreshGraceSeconds: undefined }));
    expect(report.results.map((result) => result.status)).toEqual(['skip', 'skip']);
  });

  test('fail when --refresh-grace said it keeps one: the retry was refused at once', async () => {
    const report = await withFakeDeployment(noGrace, (fake) => runAgainst(fake, { only: graceChecks, refreshGraceSeconds: 2 }));
    expect(report.results.map((result) => result.status)).toEqual(['fail', 'fail']);
    expect(report.results[0]?.message).toMatch(/got 400 invalid_grant: the deployment has no refresh grace, though --refresh-grace 2 says it keeps one/);
  });
});

describe('a request without redirect_uri', () => {
  // RFC 6749 section 4.1.2.1 asks for no redirect and an error the person sees; JSON is a SHOULD.
  test('answered with the error page whatever the Accept: the MUST check passes, unknown-client-json warns', async () => {
    const report = await withFakeDeployment({ faults: { missingRedirectUriPageOnly: true } }, (fake) =>
      runAgainst(fake, { only: ['unregistered-redirect-uri-refused', 'unknown-client-json'] }),
    );
    expect(report.results.map((result) => [result.id, result.status])).toEqual([
      ['unregistered-redirect-uri-refused', 'pass'],
      ['unknown-client-json', 'warn'],
    ]);
    expect(report.results[1]?.message).toMatch(/without redirect_uri from client_id "[^"]+" \(two registered\), with Accept: application\/json: the body is not a JSON object/);
  });

  test('behind a sign-in keeps the refusals already verified, with a note, when the run has no credentials', async () => {
    const report = await withFakeDeployment({ faults: { missingRedirectUriSignInFirst: true } }, (fake) =>
      runAgainst(fake, { only: ['unregistered-redirect-uri-refused'], signIn: undefined }),
    );
    expect(report.results[0]).toMatchObject({
      status: 'pass',
      message: expect.stringMatching(/HTTP 400 for the unregistered http:\/\/localhost:\d+\/callback; the missing-redirect_uri branch was not tried: the deployment asks for a sign-in/),
    });
  });
});

describe('private-key-jwt-accepted and the audience', () => {
  // RFC 7523 section 3 (3) only permits the token endpoint URL; rfc7523bis keeps the issuer alone.
  test('passes, noting an issuer-only audience, against a deployment that refuses the token endpoint URL as aud', async () => {
    const report = await withFakeDeployment({ faults: { assertionTokenEndpointAudienceRefused: true } }, (fake) =>
      runAgainst(fake, { only: ['private-key-jwt-accepted'] }),
    );
    expect(report.results[0]).toMatchObject({ status: 'pass', message: expect.stringMatching(/issuer-only audience \(the token endpoint \S+ as aud got HTTP 401/) });
  });

  test('passes, noting the token endpoint audience accepted too, against one that takes both', async () => {
    const report = await withFakeDeployment({}, (fake) => runAgainst(fake, { only: ['private-key-jwt-accepted'] }));
    expect(report.results[0]).toMatchObject({ status: 'pass', message: expect.stringContaining('the token endpoint audience accepted too') });
  });
});
