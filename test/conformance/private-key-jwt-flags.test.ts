import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idJagIssuerFrom } from '../../conformance/checks/id-jag/flags.js';
import { privateKeyJwtClientFrom } from '../../conformance/private-key-jwt-flags.js';

let dir: string;
const documentUrl = 'https://qa.example/oauth/jwt-client.json';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'survey-mcp-jwt-flags-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const keyFile = async (name: string, text: string) => {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
};

describe('--client-metadata-jwt-url and --client-metadata-jwt-key', () => {
  it('give the runner the documents, in order, and their private JWK', async () => {
    const jwk = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd', kid: 'k1', alg: 'ES256' };
    const clientMetadataJwtKey = await keyFile('good.json', JSON.stringify(jwk));
    const inline = 'https://qa.example/oauth/jwt-client-inline.json';
    expect(await privateKeyJwtClientFrom({ clientMetadataJwtUrl: [documentUrl, inline], clientMetadataJwtKey })).toEqual({ documentUrls: [documentUrl, inline], privateJwk: jwk });
    expect(await privateKeyJwtClientFrom({})).toBeUndefined();
  });

  it.each([
    [{ clientMetadataJwtUrl: [documentUrl] }, '--client-metadata-jwt-url and --client-metadata-jwt-key go together'],
    [{ clientMetadataJwtUrl: [documentUrl], clientMetadataJwtKey: '/nonexistent/key.json' }, '--client-metadata-jwt-key /nonexistent/key.json: cannot read it (ENOENT)'],
  ])('refuse %j with a usage error that says what to pass', async (flags, message) => {
    await expect(privateKeyJwtClientFrom(flags)).rejects.toThrow(message);
  });

  it('refuse a key file that is not JSON, or a JWK without its private part, kid or alg', async () => {
    const notJson = await keyFile('bad.txt', 'not json');
    await expect(privateKeyJwtClientFrom({ clientMetadataJwtUrl: [documentUrl], clientMetadataJwtKey: notJson })).rejects.toThrow('not JSON; it must hold one private JWK');
    const publicOnly = await keyFile('public.json', JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k1', alg: 'ES256' }));
    await expect(privateKeyJwtClientFrom({ clientMetadataJwtUrl: [documentUrl], clientMetadataJwtKey: publicOnly })).rejects.toThrow("must be a private JWK with 'd', 'kid' and 'alg'");
  });
});

describe('--id-jag-key, --id-jag-issuer and --id-jag-subject', () => {
  it("give the runner the identity provider's issuer, its private JWK and the person's sub", async () => {
    const jwk = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd', kid: 'idp-1', alg: 'ES256' };
    const idJagKey = await keyFile('idp.json', JSON.stringify(jwk));
    expect(await idJagIssuerFrom({ idJagKey, idJagIssuer: 'https://company.okta.com', idJagSubject: '00u1' })).toEqual({ issuer: 'https://company.okta.com', privateJwk: jwk, subject: '00u1' });
    expect(await idJagIssuerFrom({})).toBeUndefined();
  });

  it.each([
    [{ idJagIssuer: 'https://company.okta.com' }, "--id-jag-key and --id-jag-issuer go together: the identity provider's private signing key and its issuer"],
    [{ idJagSubject: '00u1' }, '--id-jag-subject goes with --id-jag-key and --id-jag-issuer'],
    [{ idJagKey: '/nowhere/idp.json', idJagIssuer: 'company.okta.com' }, "--id-jag-issuer 'company.okta.com' is not an absolute URL, e.g. https://company.okta.com"],
    [{ idJagKey: '/nowhere/idp.json', idJagIssuer: 'https://company.okta.com' }, '--id-jag-key /nowhere/idp.json: cannot read it (ENOENT)'],
  ])('refuse %j as a usage error naming the flag', async (flags, message) => {
    await expect(idJagIssuerFrom(flags)).rejects.toThrow(message);
  });
});
