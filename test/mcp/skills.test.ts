import type { VersionNegotiationMode } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHeadless2x, HeadlessOAuthProvider } from '../helpers/headless-oauth-provider.js';
import { readJson, startTestServer, type TestServer } from '../helpers/server.js';
import { postMcp, rpc, tokenFor } from '../helpers/mcp.js';

const skillUri = 'skill://survey-mcp/SKILL.md';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seedDemo: true });
});
afterAll(() => server.close());

describe.each<[string, VersionNegotiationMode, string]>([
  ["versionNegotiation 'legacy' (2025-11-25)", 'legacy', '2025-11-25'],
  ["versionNegotiation 'auto' (2026-07-28)", 'auto', '2026-07-28'],
])('the Skills extension (SEP-2640) to the SDK 2.x client, %s', (_name, mode, revision) => {
  it('is declared, lists the one skill, and reads its SKILL.md, verified against the listed digest', async () => {
    const client = await connectHeadless2x(server, new HeadlessOAuthProvider(server, { email: 'alice@example.com', clientName: 'skills test' }), mode);
    expect(client.getNegotiatedProtocolVersion()).toBe(revision);
    const skills = new SkillsClient(client);
    expect(skills.supported).toBe(true);
    const listing = await skills.list();
    expect(listing.invalid).toEqual([]);
    expect(listing.skills.map((skill) => [skill.uri, skill.frontmatter.name])).toEqual([[skillUri, 'survey-mcp']]);
    const file = await skills.read(listing.skills[0]!);
    expect(file).toMatchObject({ uri: skillUri, verified: true, frontmatter: { name: 'survey-mcp' } });
    for (const step of ['get_me', 'list_surveys', 'get_survey_results', 'list_responses', 'confirm']) expect(file.body).toContain(step);
    expect((await skills.get(skillUri)).skill.uri).toBe(skillUri);
    await client.close();
  });
});

describe('skills/get of a URI that is no skill', () => {
  it('answers -32602 naming the skill there is, in either era', async () => {
    const token = await tokenFor(server, 'alice@example.com');
    const why = `No skill is served at skill://other/SKILL.md; skills/list names the one there is (${skillUri})`;
    const legacy = await readJson(await postMcp(server, rpc('skills/get', { uri: 'skill://other/SKILL.md' }), { token }));
    // The 1.x SDK prefixes its errors' messages so.
    expect(legacy.error).toEqual({ code: -32602, message: `MCP error -32602: ${why}` });
    const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const modern = await postMcp(server, rpc('skills/get', { uri: 'skill://other/SKILL.md', _meta: envelope }), {
      token,
      headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'skills/get' },
    });
    expect((await readJson(modern)).error).toMatchObject({ code: -32602, message: why });
  });
});
