import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientMetadataHost } from '../helpers/client-metadata-host.js';
import { authorizeUrl, pkcePair, type TestServer } from '../helpers/server.js';
import { ensureBuilt, startServe, stopAll } from '../scale-out/processes.js';

let host: ClientMetadataHost;
let dir: string;
let caFile: string;

beforeAll(async () => {
  ensureBuilt();
  host = await ClientMetadataHost.start();
  dir = await mkdtemp(join(tmpdir(), 'survey-mcp-serve-cimd-'));
  // The child process trusts the test CA the way an operator's machine trusts its own.
  caFile = join(dir, 'ca.pem');
  await writeFile(caFile, host.certificates.ca);
});
afterAll(async () => {
  await stopAll();
  await host?.close();
  await rm(dir, { recursive: true, force: true });
});

async function serve(db: string, ...flags: string[]) {
  const running = await startServe(['--port', '0', '--auth-port', '0', '--db', join(dir, db), '--no-seed', ...flags], {
    NODE_EXTRA_CA_CERTS: caFile,
  });
  const authUrl = /sign-in and tokens\s+(http:\/\/\S+)/.exec(running.stderr)![1]!;
  const baseUrl = /add this URL to your assistant\)\s+(http:\/\/\S+)/.exec(running.stderr)![1]!;
  // authorizeUrl reads only the auth host address.
  return { running, server: { authUrl } as TestServer, baseUrl };
}

describe('survey-mcp serve --allow-private-client-metadata', () => {
  it('says so at start-up and fetches a document from a loopback host', async () => {
    const url = host.document('/dev-client.json', { client_name: 'Dev client', redirect_uris: ['http://127.0.0.1/callback'] });
    const { running, server } = await serve('open.db', '--allow-private-client-metadata');
    expect(running.stderr).toContain(
      'client metadata documents                    fetched from loopback and private networks too, never link-local or other special-use addresses (--allow-private-client-metadata): local development only',
    );
    const client = { client_id: url, client_name: 'Dev client', redirect_uris: ['http://127.0.0.1/callback'] };
    const page = await fetch(authorizeUrl(server, { client, challenge: pkcePair().challenge }));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Dev client</strong> <span class="verified-host">— 127.0.0.1:');
  });

  it('without the flag, refuses a loopback document and prints nothing about it', async () => {
    const url = host.document('/dev-client-2.json', { client_name: 'Dev client', redirect_uris: ['http://127.0.0.1/callback'] });
    const { running, server } = await serve('strict.db');
    expect(running.stderr).not.toContain('client metadata documents');
    const client = { client_id: url, client_name: 'Dev client', redirect_uris: ['http://127.0.0.1/callback'] };
    const probe = await fetch(authorizeUrl(server, { client, challenge: pkcePair().challenge }), { headers: { accept: 'application/json' } });
    // Answered as any host we cannot reach: retry later, never a hint that the address is private.
    expect(probe.status).toBe(503);
    expect(((await probe.json()) as { error_description: string }).error_description).toContain('could not be fetched: its host could not be reached from this server at a public address');
    expect(host.fetchesOf('/dev-client-2.json')).toBe(0);
  });
});

describe('survey-mcp serve --client-auth-private-key-jwt', () => {
  it('says so at start-up and lists private_key_jwt beside none; without it, none alone', async () => {
    const on = await serve('jwt.db', '--client-auth-private-key-jwt');
    expect(on.running.stderr).toContain('private_key_jwt for metadata-document clients such as ChatGPT (--client-auth-private-key-jwt)');
    const metadata = (await (await fetch(`${on.baseUrl}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['none', 'private_key_jwt']);
    const off = await serve('no-jwt.db');
    expect(off.running.stderr).not.toContain('private_key_jwt');
    const plain = (await (await fetch(`${off.baseUrl}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(plain.token_endpoint_auth_methods_supported).toEqual(['none']);
  });
});
