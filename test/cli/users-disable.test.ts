import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { postMcp, rpc } from '../helpers/mcp.js';
import {
  CookieJar,
  createTestUser,
  obtainTokens,
  pkcePair,
  postToken,
  readJson,
  redeemCode,
  registerClient,
  runAuthorization,
  startTestServer,
  type TestServer,
} from '../helpers/server.js';

// `users disable` runs against the store a live server uses, as an admin would.
const db = join(mkdtempSync(join(tmpdir(), 'cli-disable-')), 'survey.db');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ db });
  await createTestUser(server, 'pat@example.com', 'Pat');
});
afterAll(() => server.close());

describe('users disable', () => {
  it('ends every grant, unredeemed code and sign-in session, so enabling again brings none of them back', async () => {
    const { client, tokens } = await obtainTokens(server, { email: 'pat@example.com' });
    const { verifier, challenge } = pkcePair();
    const jar = new CookieJar();
    const { params } = await runAuthorization(server, { client, challenge, email: 'pat@example.com', jar });

    expect((await cli('users', 'disable', 'pat@example.com', '--db', db)).stdout).toBe(
      'disabled pat@example.com: their tokens, unused codes and sign-in sessions are revoked\n',
    );
    expect((await cli('users', 'enable', 'pat@example.com', '--db', db)).code).toBe(0);

    expect((await postMcp(server, rpc('ping'), { token: tokens.access_token })).status).toBe(401);
    const refreshed = await postToken(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id });
    expect((await readJson(refreshed)).error).toBe('invalid_grant');
    const redeemed = await redeemCode(server, client, params.get('code')!, verifier);
    expect(await readJson(redeemed)).toMatchObject({ error: 'invalid_grant' });
    expect(await (await jar.fetch(`${server.authUrl}/account/apps`)).text()).toContain('action="/sign-in"');
  });

  it('keeps a person who signs in again after enable working', async () => {
    const { tokens } = await obtainTokens(server, { client: await registerClient(server, { client_name: 'After' }), email: 'pat@example.com' });
    expect((await postMcp(server, rpc('ping'), { token: tokens.access_token })).status).toBe(200);
  });
});

describe('token issue', () => {
  it('refuses a disabled person with exit 1 and what to do', async () => {
    await createTestUser(server, 'quinn@example.com', 'Quinn');
    await cli('users', 'disable', 'quinn@example.com', '--db', db);
    expect(await cli('token', 'issue', '--user', 'quinn@example.com', '--scope', 'reporting', '--db', db)).toEqual({
      code: 1,
      stdout: '',
      stderr: "survey-mcp: 'quinn@example.com' is disabled: enable the account first (survey-mcp users enable quinn@example.com)\n",
    });
  });
});
