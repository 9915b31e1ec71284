import { fail, skip, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { isObject } from '../../mcp.js';
import { appRequest, appTools, viewsOf } from './mcp-apps.js';

export const mcpAppViewsListed: Check = {
  id: 'mcp-app-views-listed',
  group: 'mcp',
  era: 'any',
  title: 'resources/list names every ui:// view a tool names in _meta.ui.resourceUri, in each era',
  spec: "survey-mcp's docs/server.md (resources/list names the results view); MCP Apps (specification 2026-01-26) \"Resource Discovery\" lets a server leave views out, so a warning: a host that finds views by listing them misses one",
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    // A view named by another scheme is mcp-app-tool-ui-resource's to fail; no listing holds it.
    const named = viewsOf(await appTools(ctx)).filter((view) => view.uri.startsWith('ui://'));
    if (named.length === 0) skip('no tool names a ui:// view: no view a listing should hold');
    const notes: string[] = [];
    for (const era of [...new Set(named.map((view) => view.era))]) {
      const { exchange, message } = await appRequest(ctx, era, 'resources/list');
      const listed: unknown = message?.result?.['resources'];
      if (!Array.isArray(listed)) fail(`${era}: resources/list has no resources list (${describeResponse(exchange)})`);
      const uris = new Set(listed.filter(isObject).map((resource) => resource['uri']));
      const unlisted = named.filter((view) => view.era === era && !uris.has(view.uri)).map((view) => view.uri);
      if (unlisted.length > 0) fail(`${era}: resources/list (${listed.length} resources) leaves out ${unlisted.join(', ')}, which a tool names in _meta.ui.resourceUri`);
      notes.push(`${era}: ${named.filter((view) => view.era === era).map((view) => view.uri).join(', ')} listed`);
    }
    return notes.join('; ');
  },
};
