import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientSetup, protocolEras } from './client-setup.js';

describe('clientSetup', () => {
  it('gives every client the MCP host URL with its trailing slash, in that client’s own format', () => {
    const lines = clientSetup('https://surveys.example.com', 404);
    expect(lines[0]).toBe('Claude Code      claude mcp add --transport http survey https://surveys.example.com/');
    expect(lines.join('\n')).toContain('{"servers":{"survey":{"type":"http","url":"https://surveys.example.com/"}}}');
    expect(lines.join('\n')).toContain('{"mcpServers":{"survey":{"url":"https://surveys.example.com/"}}}');
    expect(lines.join('\n')).toContain('"args":["mcp-remote","https://surveys.example.com/"]');
  });

  it('offers Claude Desktop a custom connector only at an https URL, which the vendor\'s cloud can reach', () => {
    const desktop = (mcpUrl: string) => clientSetup(mcpUrl, 404).filter((line, i, all) => line.startsWith('Claude Desktop') || all[i - 1]?.startsWith('Claude Desktop'));
    expect(desktop('https://surveys.example.com')[1]).toBe('                 or Settings > Connectors > Add custom connector: https://surveys.example.com/');
    expect(desktop('http://127.0.0.1:8787')[1]).toContain('it needs a public https URL');
    expect(desktop('http://127.0.0.1:8787')[1]).not.toContain('127.0.0.1');
  });

  it('follows the Inspector line with one line on the stream GET: the flag to use, or that it is in use', () => {
    const atContract = clientSetup('http://127.0.0.1:8787', 404);
    const inspector = atContract.findIndex((line) => line.startsWith('MCP Inspector'));
    expect(atContract[inspector + 1]).toContain('serve with --stream-get-status 405');
    const forStrictClients = clientSetup('http://127.0.0.1:8787', 405);
    expect(forStrictClients).toHaveLength(atContract.length);
    expect(forStrictClients[inspector + 1]).toContain('GET / answers 405 (--stream-get-status 405)');
    expect(forStrictClients[inspector + 2]).toMatch(/^SDK 2\.x client/);
  });
});

describe('the README and the banner', () => {
  it('give every client of the README\'s table a line of its own, with the README\'s first command in it', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('| client | how |'));
    const rows = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| ([^|]+) \| `([^`]+)`/gm)].map(([, client, command]) => ({ client: client!.replace(/^your code, /, ''), command: command! }));
    expect(rows.map((row) => row.client)).toEqual(['Claude Code', 'Codex CLI', 'Gemini CLI', 'Cursor', 'VS Code', 'Claude Desktop', 'MCP Inspector', 'SDK 2.x', 'SDK 1.x']);
    const banner = clientSetup('http://127.0.0.1:8787', 404);
    for (const { client, command } of rows) {
      const line = banner.find((each) => each.startsWith(`${client} `));
      expect(line, client).toBeDefined();
      expect(line, client).toContain(command);
    }
  });
});

describe('protocolEras', () => {
  it('names both revisions the server speaks, the stateless one first', () => {
    expect(protocolEras.map((line) => line.slice(0, 10))).toEqual(['2026-07-28', '2025-11-25']);
  });
});
