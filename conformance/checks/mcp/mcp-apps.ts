import { fail, skip } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { requestIn, spokenEras, type SpokenEra } from '../../each-era.js';
import { LEGACY_REVISION } from '../../eras.js';
import { expectStatus } from '../../expect.js';
import type { Exchange } from '../../http.js';
import { isObject, type JsonRpcResponse } from '../../mcp.js';

/** An MCP era the runner speaks to a deployment. */
export type AppEra = SpokenEra;

/** A tool that names the page drawing its results, as one era lists it. */
export interface AppTool {
  readonly era: AppEra;
  readonly name: string;
  readonly resourceUri: string;
  /** `_meta.ui.visibility` as published, undefined when absent (["model", "app"]). */
  readonly visibility: unknown;
}

/**
 * The eras the MCP App checks speak: every one the deployment offers and `--protocol` allows.
 * MCP Apps is an extension of both revisions, so a view must hold in each.
 */
export async function appEras(ctx: CheckContext): Promise<readonly AppEra[]> {
  const eras = await spokenEras(ctx);
  if (eras.length === 0) skip(`the deployment speaks no MCP era this run asks for (--protocol ${ctx.settings.protocol})`);
  return eras;
}

/** One request in `era`: after initialize in 2025-11-25, in the `_meta` envelope in 2026-07-28. */
export function appRequest(
  ctx: CheckContext,
  era: AppEra,
  method: string,
  params: Record<string, unknown> = {},
): Promise<{ exchange: Exchange; message: JsonRpcResponse | undefined }> {
  return requestIn(ctx, era, era === LEGACY_REVISION ? () => ctx.connected() : () => ctx.accessToken(), method, params);
}

/**
 * The tools whose `_meta.ui.resourceUri` (or the deprecated flat `ui/resourceUri`) names a view,
 * in every era spoken, read once a run; skips when the deployment offers no MCP App.
 */
export async function appTools(ctx: CheckContext): Promise<readonly AppTool[]> {
  const tools = await ctx.once('list the tools that name an MCP App', async () => {
    const found: AppTool[] = [];
    for (const era of await appEras(ctx)) found.push(...(await appToolsOf(ctx, era)));
    return found;
  });
  if (tools.length === 0) skip('no tool names a view in _meta.ui.resourceUri: the deployment offers no MCP App');
  return tools;
}

async function appToolsOf(ctx: CheckContext, era: AppEra): Promise<AppTool[]> {
  const { exchange, message } = await appRequest(ctx, era, 'tools/list');
  expectStatus(exchange, 200, `${era}: tools/list`);
  const listed: unknown = message?.result?.['tools'];
  if (!Array.isArray(listed)) fail(`${era}: tools/list: the result has no tools`);
  return listed.flatMap((tool: unknown): AppTool[] => {
    const uri = isObject(tool) ? viewOf(tool) : undefined;
    if (!isObject(tool) || uri === undefined) return [];
    const ui = (tool['_meta'] as Record<string, unknown>)['ui'];
    return [{ era, name: String(tool['name']), resourceUri: uri, visibility: isObject(ui) ? ui['visibility'] : undefined }];
  });
}

/** The view a listed tool names in `_meta.ui.resourceUri` (or the deprecated flat `ui/resourceUri`), if any. */
export function viewOf(tool: Record<string, unknown>): string | undefined {
  const meta = tool['_meta'];
  if (!isObject(meta)) return undefined;
  const uri = (isObject(meta['ui']) ? meta['ui']['resourceUri'] : undefined) ?? meta['ui/resourceUri'];
  return typeof uri === 'string' ? uri : undefined;
}

/** Each (era, view) pair the tools name, once. */
export function viewsOf(tools: readonly AppTool[]): readonly { era: AppEra; uri: string }[] {
  const seen = new Map(tools.map((tool) => [`${tool.era} ${tool.resourceUri}`, { era: tool.era, uri: tool.resourceUri }]));
  return [...seen.values()];
}

/** resources/read of one view in one era: its single content, or a failure saying what came back instead. */
export async function readView(ctx: CheckContext, era: AppEra, uri: string): Promise<Record<string, unknown>> {
  return ctx.once(`read the MCP App ${uri} in ${era}`, async () => {
    const what = `${era}: resources/read ${uri}`;
    const { exchange, message } = await appRequest(ctx, era, 'resources/read', { uri });
    expectStatus(exchange, 200, what);
    if (message?.error) fail(`${what}: JSON-RPC error ${message.error.code} ${message.error.message}: the view does not exist on the server`);
    const contents: unknown = message?.result?.['contents'];
    if (!Array.isArray(contents) || contents.length === 0 || !isObject(contents[0])) fail(`${what}: the result has no contents`);
    return contents[0] as Record<string, unknown>;
  });
}
