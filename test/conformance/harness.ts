import { runConformance } from '../../conformance/run.js';
import type { ConformanceOptions } from '../../conformance/options.js';
import type { Report } from '../../conformance/report.js';
import { JWT_CLIENT } from './fake/client-assertion.js';
import { ID_JAG_IDP } from './fake/id-jag.js';
import { startFakeDeployment, type FakeDeployment, type FakeDeploymentOptions } from './fake-deployment.js';

/** Starts a fake deployment for the length of `work`, and always stops it. */
export async function withFakeDeployment<T>(
  options: FakeDeploymentOptions,
  work: (fake: FakeDeployment) => Promise<T>,
): Promise<T> {
  const fake = await startFakeDeployment(options);
  try {
    return await work(fake);
  } finally {
    await fake.close();
  }
}

/** The runner as QA would start it against `fake`: headless sign-in and a foreign token. */
export function runAgainst(fake: FakeDeployment, options: Partial<ConformanceOptions> = {}): Promise<Report> {
  return runConformance({
    url: fake.url,
    signIn: { kind: 'password', user: fake.user.email, password: fake.user.password },
    foreignToken: fake.foreignToken,
    clientMetadataUrl: fake.clientMetadataUrl,
    badClientMetadataUrl: fake.badClientMetadataUrl,
    connectedAppsUrl: fake.connectedAppsUrl,
    privateKeyJwtClient: JWT_CLIENT,
    idJag: ID_JAG_IDP,
    refreshGraceSeconds: fake.refreshGraceSeconds,
    ssoOnlyEmail: fake.ssoOnlyEmail,
    signInAccountLimit: fake.signInAccountLimit,
    ...options,
  });
}
