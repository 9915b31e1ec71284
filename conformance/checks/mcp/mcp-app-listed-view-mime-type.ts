import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { isObject, MCP_APP_MIME_TYPE } from '../../mcp.js';
import { appEras, appRequest } from './mcp-apps.js';

export const mcpAppListedViewMimeType: Check = {
  id: 'mcp-app-listed-view-mime-type',
  group: 'mcp',
  era: 'any',
  title: 'A ui:// resource that resources/list names declares mimeType text/html;profile=mcp-app (views left out of the list pass)',
  spec: 'MCP Apps (specification 2026-01-26), "UI Resource Format" (the resource declaration) and "Resource Discovery" (servers may leave views out of resources/list); MCPJam apps conformance ui-listed-resources-valid',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const notes: string[] = [];
    for (const era of await appEras(ctx)) {
      const { exchange, message } = await appRequest(ctx, era, 'resources/list');
      const listed: unknown = message?.result?.['resources'];
      if (!Array.isArray(listed)) {
        notes.push(`${era}: resources/list lists nothing (${describeResponse(exchange)})`);
        continue;
      }
      const views = listed.filter((resource): resource is Record<string, unknown> => isObject(resource) && String(resource['uri']).startsWith('ui://'));
      const wrong = views.filter((view) => view['mimeType'] !== MCP_APP_MIME_TYPE);
      if (wrong.length > 0) {
        fail(`${era}: resources/list names ${wrong.map((view) => `${String(view['uri'])} as ${JSON.stringify(view['mimeType'])}`).join(', ')}, not "${MCP_APP_MIME_TYPE}": a host cannot tell it is a view`);
      }
      notes.push(`${era}: ${views.length === 0 ? 'no view listed' : `${views.map((view) => String(view['uri'])).join(', ')} as ${MCP_APP_MIME_TYPE}`}`);
    }
    return notes.join('; ');
  },
};
