import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { freeLoopbackPort } from './free-port.js';
import { GeminiCli } from './gemini-cli.js';
import { pinnedClients } from './installed-client.js';
import { toolNames } from './tool-names.js';
import { WireRecorder } from './wire-recorder.js';

/** Gemini lists a server's tools under `mcp_<server>_<tool>`. */
const shownTools = toolNames.map((name) => `mcp_survey_${name}`);
const ready = { status: 'Ready (14 tools, 1 resource) (OAuth)', tools: shownTools };

describe(`Gemini CLI ${pinnedClients['@google/gemini-cli']} in a terminal (tmux), registering by DCR, signing in through a scripted browser`, () => {
  let server: TestServer;
  let cli: GeminiCli;
  beforeAll(async () => {
    server = await startTestServer({ seedDemo: true });
    cli = await GeminiCli.start(server, 'alice@example.com');
  }, 60_000);
  afterAll(async () => {
    await cli?.close();
    await server?.close();
  });

  it('signs in with /mcp auth and lists the 14 tools as ready, over OAuth', async () => {
    await cli.signIn();
    expect(await cli.list()).toEqual(ready);
  }, 90_000);
});

/**
 * With a 20 s access token Gemini renews before almost every request, and sends the same refresh
 * token twice in parallel. Each lifetime here: the server's clock moves past the token's expiry
 * (so the old access token is refused), and `/mcp reload` reconnects, renewing first.
 */
describe(`Gemini CLI ${pinnedClients['@google/gemini-cli']} with a 20 s token lifetime (serve --access-token-ttl 20)`, () => {
  let server: TestServer;
  let authHost: WireRecorder;
  let cli: GeminiCli;
  beforeAll(async () => {
    // The auth host behind a recording hop, so the test sees every renewal Gemini sends.
    const authPort = await freeLoopbackPort();
    authHost = await WireRecorder.start(`http://127.0.0.1:${authPort}`);
    server = await startTestServer({ seedDemo: true, accessTokenTtlMs: 20_000, authPort, authUrl: authHost.url.replace(/\/$/, '') });
    cli = await GeminiCli.start(server, 'alice@example.com');
  }, 60_000);
  afterAll(async () => {
    await cli?.close();
    await server?.close();
    await authHost?.close();
  });

  it('stays connected across three lifetimes, though it renews with one refresh token twice at once', async () => {
    const renewals = () =>
      authHost.exchanges
        .filter((exchange) => exchange.method === 'POST' && exchange.path === '/oauth/token')
        .map((exchange) => ({ sent: new URLSearchParams(exchange.requestBody), status: exchange.status, answer: exchange.body }))
        .filter(({ sent }) => sent.get('grant_type') === 'refresh_token');
    // A listing that is not ready names the renewals the server refused, the usual cause.
    const refused = () => JSON.stringify(renewals().filter(({ status }) => status !== 200).map(({ status, answer }) => ({ status, answer })));
    await cli.signIn();
    expect(await cli.list(), `after signing in; renewals refused: ${refused()}`).toEqual(ready);
    for (const lifetime of [1, 2, 3]) {
      server.clock.advance(21_000);
      const misreads = await cli.tokenFileMisreads();
      let listing = await cli.reload();
      // Gemini's own race on its token file (tokenFileMisreads), told apart from a refusal of ours by
      // its message: one more reload renews again, and every renewal must still be accepted.
      if (listing.status !== ready.status && (await cli.tokenFileMisreads()) > misreads) listing = await cli.reload();
      expect(listing, `after lifetime ${lifetime}; renewals refused: ${refused()}`).toEqual(ready);
    }
    expect(refused()).toBe('[]');
    const presented = renewals().map(({ sent }) => sent.get('refresh_token'));
    expect(presented.length).toBeGreaterThanOrEqual(3);
    expect(new Set(presented).size, 'some refresh token presented more than once').toBeLessThan(presented.length);
  }, 180_000);
});
