import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import { runConformance } from '../../conformance/run.js';
import { IdJagProvider } from '../helpers/id-jag-provider.js';
import { demoSignIn, startOurServer, type OurServer } from './our-server.js';

const idJagChecks = CATALOG.filter((check) => check.group === 'id-jag').map((check) => check.id);
const discoveryChecks = ['grant-types', 'authorization-server-metadata', 'metadata-no-empty-lists', 'metadata-without-nulls'];

let idp: IdJagProvider;
let on: OurServer;
let off: OurServer;

beforeAll(async () => {
  idp = await IdJagProvider.start({ people: {} });
  const sso = (idJag: boolean) => ({ sso: { issuer: idp.issuer, clientId: 'survey-mcp', clientSecret: undefined, name: 'Acme SSO', createAccountsIn: undefined, idJag } });
  [on, off] = await Promise.all([startOurServer(sso(true)), startOurServer(sso(false))]);
});
afterAll(async () => {
  await Promise.all([on?.close(), off?.close(), idp?.close()]);
});

/** A run given the test provider's signing key, as `--id-jag-key` and `--id-jag-issuer` give it. */
const run = (ours: OurServer) =>
  runConformance({
    url: ours.server.baseUrl,
    signIn: demoSignIn,
    ...ours.documents,
    idJag: { issuer: idp.issuer, privateJwk: idp.signingJwk, subject: 'idp-alice' },
    only: [...discoveryChecks, ...idJagChecks],
  });

describe('the id-jag checks against survey-mcp serve, with and without --sso-id-jag', () => {
  it('pass every rule with --sso-id-jag, the discovery checks too', async () => {
    const report = await run(on);
    const statuses = Object.fromEntries(report.results.map((result) => [result.id, result.status]));
    expect(statuses).toEqual(Object.fromEntries([...discoveryChecks, ...idJagChecks].map((id) => [id, 'pass'])));
  }, 60_000);

  it('skip, saying the profile is optional, without it; the discovery checks pass', async () => {
    const report = await run(off);
    const statuses = Object.fromEntries(report.results.map((result) => [result.id, result.status]));
    expect(statuses).toEqual(Object.fromEntries([...discoveryChecks.map((id) => [id, 'pass']), ...idJagChecks.map((id) => [id, 'skip'])]));
    expect(report.results.find((result) => result.id === 'id-jag-grant-accepted')?.message).toMatch(/enterprise-managed authorization is optional/);
  }, 60_000);
});
