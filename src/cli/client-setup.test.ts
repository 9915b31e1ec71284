import { describe, expect, it } from 'vitest';
import { clientSetup, protocolEras } from './client-setup.js';

describe('clientSetup', () => {
  it('gives every client the MCP host URL with its trailing slash, in that client’s own format', () => {
    const lines = clientSetup('https://surveys.example.com');
    expect(lines[0]).toBe('Claude Code      claude mcp add --transport http survey https://surveys.example.com/');
    expect(lines.join('\n')).toContain('{"servers":{"survey":{"type":"http","url":"https://surveys.example.com/"}}}');
    expect(lines.join('\n')).toContain('{"mcpServers":{"survey":{"url":"https://surveys.example.com/"}}}');
    expect(lines.join('\n')).toContain('"args":["mcp-remote","https://surveys.example.com/"]');
  });
});

describe('protocolEras', () => {
  it('names both revisions the server speaks, the stateless one first', () => {
    expect(protocolEras.map((line) => line.slice(0, 10))).toEqual(['2026-07-28', '2025-11-25']);
  });
});
