/** openid-client (a few MB resident) loads only in a server with single sign-on. */
import { afterAll, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

const oidc = vi.hoisted(() => ({ loads: 0 }));
vi.mock('openid-client', async (importOriginal) => {
  oidc.loads += 1;
  return importOriginal();
});

let server: TestServer | undefined;
afterAll(async () => {
  await server?.close();
});

it('starts and serves the connected-apps page without single sign-on and never loads openid-client', async () => {
  server = await startTestServer();
  const response = await fetch(`${server.authUrl}/account/apps`, { redirect: 'manual' });
  await response.text();
  expect(response.status).toBeLessThan(500);
  expect(oidc.loads).toBe(0);
});
