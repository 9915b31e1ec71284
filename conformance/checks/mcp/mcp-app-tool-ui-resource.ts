import { fail, type Check } from '../../check.js';
import { appTools } from './mcp-apps.js';

export const mcpAppToolUiResource: Check = {
  id: 'mcp-app-tool-ui-resource',
  group: 'mcp',
  era: 'any',
  title: 'A tool drawn by an MCP App names its view by a ui:// URI, and any visibility as a list of "model" and "app"',
  spec: 'MCP Apps (io.modelcontextprotocol/ui, specification 2026-01-26), "UI Resource Format" (URI MUST start with ui://) and "Resource Discovery" (McpUiToolMeta, Visibility)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const tools = await appTools(ctx);
    const wrong = tools.filter((tool) => !tool.resourceUri.startsWith('ui://'));
    if (wrong.length > 0) {
      fail(wrong.map((tool) => `${tool.era}: ${tool.name} names its view "${tool.resourceUri}", not a ui:// URI`).join('; '));
    }
    const badVisibility = tools.filter(
      (tool) =>
        tool.visibility !== undefined &&
        (!Array.isArray(tool.visibility) || tool.visibility.some((who: unknown) => who !== 'model' && who !== 'app')),
    );
    if (badVisibility.length > 0) {
      fail(badVisibility.map((tool) => `${tool.era}: ${tool.name}: _meta.ui.visibility is ${JSON.stringify(tool.visibility)}, not a list of "model" and "app"`).join('; '));
    }
    return tools.map((tool) => `${tool.name} → ${tool.resourceUri} (${tool.era})`).join(', ');
  },
};
