import { fail, skip } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { expectStatus } from '../../expect.js';
import { isObject } from '../../mcp.js';

/** MCP Apps (ext-apps specification 2026-01-26, "UI Resource Format"): the one content type. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** A tool that names the page drawing its results. */
export interface AppTool {
  readonly name: string;
  readonly resourceUri: string;
  /** `_meta.ui.visibility` as published, undefined when absent (["model", "app"]). */
  readonly visibility: unknown;
}

/**
 * The tools whose `_meta.ui.resourceUri` (or the deprecated flat `ui/resourceUri`) names a view,
 * read once a run; skips when the deployment offers no MCP App.
 */
export async function appTools(ctx: CheckContext): Promise<readonly AppTool[]> {
  const tools = await ctx.once('list the tools that name an MCP App', async () => {
    const { exchange, message } = await ctx.mcp.request(await ctx.connected(), 'tools/list');
    expectStatus(exchange, 200, 'tools/list');
    const listed: unknown = message?.result?.['tools'];
    if (!Array.isArray(listed)) fail('tools/list: the result has no tools');
    return listed.flatMap((tool: unknown): AppTool[] => {
      if (!isObject(tool) || !isObject(tool['_meta'])) return [];
      const meta = tool['_meta'];
      const nested = isObject(meta['ui']) ? meta['ui']['resourceUri'] : undefined;
      const uri = nested ?? meta['ui/resourceUri'];
      const visibility = isObject(meta['ui']) ? meta['ui']['visibility'] : undefined;
      return typeof uri === 'string' ? [{ name: String(tool['name']), resourceUri: uri, visibility }] : [];
    });
  });
  if (tools.length === 0) skip('no tool names a view in _meta.ui.resourceUri: the deployment offers no MCP App');
  return tools;
}

/** resources/read of one view: its single content, or a failure saying what came back instead. */
export async function readView(ctx: CheckContext, uri: string): Promise<Record<string, unknown>> {
  return ctx.once(`read the MCP App ${uri}`, async () => {
    const { exchange, message } = await ctx.mcp.request(await ctx.connected(), 'resources/read', { uri });
    expectStatus(exchange, 200, `resources/read ${uri}`);
    if (message?.error) fail(`resources/read ${uri}: JSON-RPC error ${message.error.code} ${message.error.message}: the view does not exist on the server`);
    const contents: unknown = message?.result?.['contents'];
    if (!Array.isArray(contents) || contents.length === 0 || !isObject(contents[0])) fail(`resources/read ${uri}: the result has no contents`);
    return contents[0] as Record<string, unknown>;
  });
}
