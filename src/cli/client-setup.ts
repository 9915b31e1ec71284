/** How to point real MCP clients at a running server; printed by `serve` and shown in the README. */
export function clientSetup(mcpUrl: string): string[] {
  const url = `${mcpUrl}/`;
  return [
    `Claude Code      claude mcp add --transport http survey ${url}`,
    `Cursor           ~/.cursor/mcp.json: ${JSON.stringify({ mcpServers: { survey: { url } } })}`,
    `VS Code          .vscode/mcp.json: ${JSON.stringify({ servers: { survey: { type: 'http', url } } })}`,
    `Claude Desktop   Settings > Connectors > Add custom connector: ${url}`,
    `                 or claude_desktop_config.json: ${JSON.stringify({ mcpServers: { survey: { command: 'npx', args: ['mcp-remote', url] } } })}`,
    `MCP Inspector    npx @modelcontextprotocol/inspector, transport Streamable HTTP, URL ${url}`,
    `SDK 2.x client   new Client(info, { versionNegotiation: { mode: 'auto' } }) over StreamableHTTPClientTransport(${url})`,
  ];
}

/** Which MCP revisions `POST /` speaks, decided per request; printed by `serve` and in the README. */
export const protocolEras = [
  '2026-07-28   stateless: server/discover, version and capabilities in each request\'s _meta',
  '2025-11-25   initialize first (and the revisions before it, back to 2024-10-07)',
];
