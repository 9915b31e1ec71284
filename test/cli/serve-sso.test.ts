import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { TestOpenIdProvider, providerClientId } from '../helpers/openid-provider.js';
import { ensureBuilt, freePorts, startServe, stopAll } from '../scale-out/processes.js';

let dir: string;
beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'survey-mcp-serve-sso-'));
});
afterAll(async () => {
  await stopAll();
  await rm(dir, { recursive: true, force: true });
});

const serveArgs = (db: string, ...flags: string[]) => ['serve', '--port', '0', '--auth-port', '0', '--db', join(dir, db), '--no-seed', ...flags];

describe('survey-mcp serve --sso-issuer', () => {
  it('refuses to start when the provider cannot be reached, naming the issuer and the reason (exit 1)', async () => {
    const [port] = await freePorts(1);
    const issuer = `http://127.0.0.1:${port}`;
    const outcome = await cli(...serveArgs('unreachable.db', '--sso-issuer', issuer, '--sso-client-id', 'survey-mcp'));
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toMatch(new RegExp(`^survey-mcp: single sign-on: the OpenID provider '${issuer}' cannot be used: .*ECONNREFUSED`));
    expect(outcome.stdout + outcome.stderr).not.toContain('survey-mcp is running');
  });

  it('refuses a provider whose discovery document names another issuer', async () => {
    const impostor: Server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ issuer: 'https://someone-else.example', authorization_endpoint: 'https://someone-else.example/auth' }));
    });
    impostor.listen(0, '127.0.0.1');
    await once(impostor, 'listening');
    const issuer = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`;
    try {
      const outcome = await cli(...serveArgs('impostor.db', '--sso-issuer', issuer, '--sso-client-id', 'survey-mcp'));
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toBe(
        `survey-mcp: single sign-on: the OpenID provider '${issuer}' cannot be used: discovered metadata issuer does not match the expected issuer (OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED)\n`,
      );
    } finally {
      impostor.close();
    }
  });

  it('refuses settings that cannot work as a usage error (exit 2)', async () => {
    expect(await cli(...serveArgs('half.db', '--sso-issuer', 'https://login.example.com'))).toMatchObject({
      code: 2,
      stderr: 'survey-mcp: --sso-issuer needs --sso-client-id (or SURVEY_MCP_SSO_CLIENT_ID): the client registered at the provider\n',
    });
    expect(await cli(...serveArgs('plain.db', '--sso-issuer', 'http://login.example.com', '--sso-client-id', 'x'))).toMatchObject({
      code: 2,
      stderr: "survey-mcp: --sso-issuer 'http://login.example.com' must use https (http only on loopback, for local testing)\n",
    });
  });

  it('refuses --sso-create-accounts without --sso-allowed-domains, naming the fix (exit 2)', async () => {
    const flags = ['--sso-issuer', 'https://accounts.google.com', '--sso-client-id', 'x', '--sso-create-accounts', 'wsp_demo_studio'];
    expect(await cli(...serveArgs('open-door.db', ...flags))).toMatchObject({
      code: 2,
      stderr:
        'survey-mcp: --sso-create-accounts needs --sso-allowed-domains (or SURVEY_MCP_SSO_ALLOWED_DOMAINS): the email domains whose people may get an account, e.g. --sso-allowed-domains example.com (or hd:example.com, tid:TENANT-ID)\n',
    });
    expect(await cli(...serveArgs('bad-domain.db', ...flags, '--sso-allowed-domains', 'example.com,*'))).toMatchObject({
      code: 2,
      stderr: "survey-mcp: --sso-allowed-domains '*' is not an email domain (example.com), hd:DOMAIN or tid:TENANT-ID\n",
    });
  });

  it('discovers a provider named in the environment and prints the redirect URI to register', async () => {
    const idp = await TestOpenIdProvider.start({ accounts: {} });
    try {
      const running = await startServe(serveArgs('env.db', '--sso-client-id', providerClientId, '--sso-name', 'Acme ID').slice(1), {
        SURVEY_MCP_SSO_ISSUER: idp.issuer,
      });
      const authUrl = /sign-in and tokens\s+(http:\/\/\S+)/.exec(running.stderr)![1]!;
      expect(running.stderr).toContain(`single sign-on                               Acme ID: ${idp.issuer}`);
      expect(running.stderr).toContain(`redirect URI to register at the provider     ${authUrl}/sso/callback`);
      const page = await (await fetch(`${authUrl}/account/apps`)).text();
      expect(page).toContain('Sign in with Acme ID</button>');
    } finally {
      await stopAll();
      await idp.close();
    }
  });
});

describe('survey-mcp serve --sso-id-jag', () => {
  it('redeems the provider\'s ID-JAGs when SURVEY_MCP_SSO_ID_JAG=true: says so at start and lists the profile in its metadata', async () => {
    const idp = await TestOpenIdProvider.start({ accounts: {} });
    try {
      const running = await startServe(serveArgs('id-jag.db', '--sso-client-id', providerClientId).slice(1), { SURVEY_MCP_SSO_ISSUER: idp.issuer, SURVEY_MCP_SSO_ID_JAG: 'true' });
      const authUrl = /sign-in and tokens\s+(http:\/\/\S+)/.exec(running.stderr)![1]!;
      const baseUrl = /add this URL to your assistant\)\s+\S*?(http:\/\/[\w.:]+)/.exec(running.stderr)![1]!;
      expect(running.stderr).toContain(`enterprise-managed authorization (ID-JAG)    grants of ${idp.issuer} redeem at ${authUrl}/oauth/token`);
      const metadata = (await (await fetch(`${baseUrl}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
      expect(metadata).toMatchObject({ authorization_grant_profiles_supported: ['urn:ietf:params:oauth:grant-profile:id-jag'] });
    } finally {
      await stopAll();
      await idp.close();
    }
  });

  it('refuses --sso-id-jag without a provider as a usage error (exit 2)', async () => {
    expect(await cli(...serveArgs('no-idp.db', '--sso-id-jag'))).toMatchObject({
      code: 2,
      stderr: 'survey-mcp: --sso-id-jag needs --sso-issuer (or SURVEY_MCP_SSO_ISSUER): the identity provider whose ID-JAGs are redeemed\n',
    });
  });
});

describe('survey-mcp users, single sign-on only', () => {
  it('adds an SSO-only account with no password, and marks and unmarks an existing one', async () => {
    const db = join(dir, 'users.db');
    const added = await cli('users', 'add', '--email', 'sam@example.com', '--name', 'Sam', '--sso-only', '--create', '--db', db);
    expect(added).toMatchObject({ code: 0, stdout: expect.stringMatching(/^created usr_\w+ sam@example\.com \(signs in with single sign-on only\)\n$/) });
    await cli('users', 'add', '--email', 'pat@example.com', '--name', 'Pat', '--password', 'long enough', '--db', db);
    expect((await cli('users', 'sso-only', 'PAT@example.com', '--db', db)).stdout).toBe(
      'pat@example.com signs in with single sign-on only: the password form refuses it\n',
    );
    const listed = JSON.parse((await cli('users', 'list', '--json', '--db', db)).stdout) as Array<{ email: string; sso_only: boolean }>;
    expect(listed.map((user) => [user.email, user.sso_only])).toEqual([
      ['pat@example.com', true],
      ['sam@example.com', true],
    ]);
    expect((await cli('users', 'sso-only', 'pat@example.com', '--off', '--db', db)).stdout).toBe('pat@example.com may sign in with a password again\n');
    expect((await cli('users', 'sso-unlink', 'pat@example.com', '--db', db)).stdout).toBe(
      'pat@example.com was not linked to an identity at the OpenID provider: nothing changed\n',
    );
    expect(await cli('users', 'sso-unlink', 'nobody@example.com', '--db', db)).toMatchObject({ code: 1 });
    expect(await cli('users', 'add', '--email', 'x@example.com', '--name', 'X', '--sso-only', '--password', 'long enough', '--db', db)).toMatchObject({
      code: 2,
      stderr: 'survey-mcp: --sso-only and --password exclude each other: an SSO-only account signs in through the OpenID provider only\n',
    });
  });
});
