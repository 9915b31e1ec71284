import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, startTestServer, type TestServer } from '../helpers/server.js';
import { callToolRaw, latestProtocol, postMcp, rpc, tokenFor } from '../helpers/mcp.js';

let server: TestServer;
let alice: string;

beforeAll(async () => {
  server = await startTestServer({ seedDemo: true });
  alice = await tokenFor(server, 'alice@example.com');
});
afterAll(() => server.close());

const viewUri = 'ui://survey-mcp/survey-results.html';

async function result(method: string, params?: Record<string, unknown>) {
  const body = await readJson(await postMcp(server, rpc(method, params), { token: alice }));
  return body;
}

describe('get_survey_results as an MCP App (ext-apps 2026-01-26)', () => {
  it('declares the resources capability beside tools', async () => {
    const body = await result('initialize', { protocolVersion: latestProtocol, capabilities: {}, clientInfo: { name: 't', version: '1' } });
    expect(body.result.capabilities).toMatchObject({ tools: { listChanged: false }, resources: { listChanged: false } });
  });

  it('names its view in the tool definition, in both the current and the legacy key', async () => {
    const { result: listing } = await result('tools/list');
    const tool = listing.tools.find((candidate: { name: string }) => candidate.name === 'get_survey_results');
    expect(tool._meta).toEqual({ ui: { resourceUri: viewUri }, 'ui/resourceUri': viewUri });
    const others = listing.tools.filter((candidate: { name: string; _meta?: unknown }) => candidate.name !== 'get_survey_results' && candidate._meta);
    expect(others).toEqual([]);
  });

  it('lists the view as a resource with the MCP App MIME type', async () => {
    const { result: listing } = await result('resources/list');
    expect(listing.resources).toEqual([
      expect.objectContaining({ uri: viewUri, name: 'survey-results-view', mimeType: 'text/html;profile=mcp-app' }),
    ]);
  });

  it('serves one self-contained page that may reach no network, and says so in its _meta', async () => {
    const { result: read } = await result('resources/read', { uri: viewUri });
    const [content] = read.contents;
    expect(content).toMatchObject({ uri: viewUri, mimeType: 'text/html;profile=mcp-app' });
    expect(content._meta).toEqual({ ui: { csp: { connectDomains: [], resourceDomains: [], frameDomains: [] }, prefersBorder: true } });
    const html: string = content.text;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'"`);
    expect(html).not.toMatch(/<script[^>]+src=|<link|https?:\/\//i);
    expect(Buffer.byteLength(html)).toBeLessThan(50_000);
  });

  it('answers a read of any other URI with resource not found, naming where to look', async () => {
    const body = await result('resources/read', { uri: 'ui://survey-mcp/other.html' });
    expect(body.error).toEqual({
      code: -32002,
      message: 'MCP error -32002: Resource not found: ui://survey-mcp/other.html; resources/list names the one there is',
      data: { uri: 'ui://survey-mcp/other.html' },
    });
  });

  it('leaves the answer itself as it was: JSON text and structured content, nothing for the view alone', async () => {
    const { body } = await callToolRaw(server, alice, 'get_survey_results', { survey_id: 'srv_demo_nps' });
    expect(Object.keys(body.result).sort()).toEqual(['content', 'structuredContent']);
    expect(JSON.parse(body.result.content[0].text)).toEqual(body.result.structuredContent);
  });
});

describe('the view page', () => {
  it('is what its sources in src/mcp/results-app/view/ build to (npm run build:view)', async () => {
    await expect(promisify(execFile)(process.execPath, ['scripts/build-results-view.mjs', '--check'])).resolves.toBeDefined();
  });
});
