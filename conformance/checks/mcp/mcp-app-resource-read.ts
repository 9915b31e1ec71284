import { fail, type Check } from '../../check.js';
import { htmlDocumentProblem } from '../../invariants/app-views.js';
import { MCP_APP_MIME_TYPE } from '../../mcp.js';
import { appTools, readView, viewsOf } from './mcp-apps.js';


export const mcpAppResourceRead: Check = {
  id: 'mcp-app-resource-read',
  group: 'mcp',
  era: 'any',
  title: 'The view a tool names exists: resources/read gives it under its URI as text/html;profile=mcp-app, an HTML5 document',
  spec: 'MCP Apps (specification 2026-01-26), "UI Resource Format", Content Requirements; "Resource Discovery" (Resource MUST exist on the server)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const seen: string[] = [];
    for (const { era, uri } of viewsOf(await appTools(ctx))) {
      const content = await readView(ctx, era, uri);
      const what = `${era}: resources/read ${uri}`;
      if (content['uri'] !== uri) fail(`${what}: the content is under "${String(content['uri'])}", not the URI read`);
      if (content['mimeType'] !== MCP_APP_MIME_TYPE) {
        fail(`${what}: mimeType is ${JSON.stringify(content['mimeType'])}, not "${MCP_APP_MIME_TYPE}"`);
      }
      if (typeof content['text'] === 'string' && typeof content['blob'] === 'string') {
        fail(`${what}: the content has both text and a blob; a host cannot tell which to render`);
      }
      const html =
        typeof content['text'] === 'string'
          ? content['text']
          : typeof content['blob'] === 'string'
            ? Buffer.from(content['blob'], 'base64').toString('utf8')
            : undefined;
      if (html === undefined) fail(`${what}: the content has neither text nor a base64 blob`);
      // The rule is written once, in the invariant that judges every view the run reads.
      const problem = htmlDocumentProblem(html);
      if (problem) fail(`${what}: ${problem}`);
      seen.push(`${uri} in ${era} (${html.length} characters)`);
    }
    return `views read: ${seen.join(', ')}`;
  },
};
