/**
 * How to point real MCP clients at a running server; printed by `serve`; the README's table of clients gives the same lines.
 * `streamGetStatus` is what `GET /` answers: the Inspector connects reliably only at 405.
 */
export function clientSetup(mcpUrl: string, streamGetStatus: 404 | 405): string[] {
  const url = `${mcpUrl}/`;
  return [
    `Claude Code      claude mcp add --transport http survey ${url}`,
    `Codex CLI        codex mcp add survey --url ${url}   (signs in right away; later: codex mcp login survey)`,
    `Gemini CLI       gemini mcp add --transport http survey ${url}, then /mcp auth survey in Gemini`,
    `Cursor           ~/.cursor/mcp.json: ${JSON.stringify({ mcpServers: { survey: { url } } })}`,
    `VS Code          .vscode/mcp.json: ${JSON.stringify({ servers: { survey: { type: 'http', url } } })}`,
    `Claude Desktop   claude_desktop_config.json: ${JSON.stringify({ mcpServers: { survey: { command: 'npx', args: ['mcp-remote', url] } } })}`,
    // A custom connector is called from the vendor's cloud, which cannot reach this machine's loopback.
    mcpUrl.startsWith('https://')
      ? `                 or Settings > Connectors > Add custom connector: ${url}`
      : '                 (a custom connector in Settings > Connectors connects from the cloud: it needs a public https URL, --base-url/--auth-url)',
    `MCP Inspector    npx @modelcontextprotocol/inspector, transport Streamable HTTP, URL ${url}`,
    streamGetStatus === 404
      ? '                 it often lists no tools while GET / answers the contract’s 404: serve with --stream-get-status 405 to debug with it'
      : '                 GET / answers 405 (--stream-get-status 405), so it lists every tool; deployments answer 404 as the contract says',
    `SDK 2.x client   new Client(info, { versionNegotiation: { mode: 'auto' } }) over StreamableHTTPClientTransport(${url})`,
    `SDK 1.x client   new Client(info) over StreamableHTTPClientTransport(${url}): it speaks 2025-11-25`,
  ];
}

/** Which MCP revisions `POST /` speaks, decided per request; printed by `serve` and in the README. */
export const protocolEras = [
  '2026-07-28   stateless: server/discover, version and capabilities in each request\'s _meta',
  '2025-11-25   initialize first (and the revisions before it, back to 2024-10-07)',
];
