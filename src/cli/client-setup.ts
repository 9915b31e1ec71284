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
  ];
}
