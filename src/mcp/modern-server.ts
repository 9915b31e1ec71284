import {
  CLIENT_CAPABILITIES_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  Server,
  type CallToolResult,
  type ListResourcesResult,
  type ListToolsResult,
  type ReadResourceResult,
} from '@modelcontextprotocol/server';
import { modernConfirmation } from './confirmations/input-required.js';
import { modernCacheHints } from './modern-cache-hints.js';
import { getSkill, listSkills, skillsGetParams, skillsListParams } from './skills/skills-methods.js';
import { ModernExchangeTransport } from './modern-exchange-transport.js';
import { modernRevision } from './modern-revision.js';
import { outagesHandedOver } from './pending-exchanges.js';
import { offersResultsView, withoutViews } from './results-app/resource.js';
import { resourceNotFoundMessage, surfaceCapabilities, type McpSurface } from './surface.js';

/** 2026-07-28 results carry cache hints (SEP-2640 requires them on both skills methods): the skill changes only with a release. */
const skillsCacheHint = { ttlMs: 86_400_000, cacheScope: 'public' as const };

/**
 * One long-lived SDK 2.x server bound to revision 2026-07-28, answering through the exchange
 * transport. The SDK speaks the revision: `server/discover`, the `_meta` envelope check,
 * `resultType`, the serverInfo stamp and the cache hints; our tools are the legacy era's.
 */
export async function createModernServer(surface: McpSurface): Promise<{ transport: ModernExchangeTransport; close(): Promise<void> }> {
  const server = new Server(surface.info, {
    supportedProtocolVersions: [modernRevision],
    capabilities: surfaceCapabilities,
    instructions: surface.instructions,
    cacheHints: modernCacheHints,
  });
  // The same JSON in both eras; the two SDK lines only type JSON Schema values differently.
  // Only hosts that offer MCP Apps in this request's envelope see the results view named.
  server.setRequestHandler('tools/list', (_request, ctx) => {
    const tools = surface.listTools();
    // The SDK types the envelope as {}; it holds the request's reserved _meta keys as sent.
    const envelope = ctx.mcpReq.envelope as Readonly<Record<string, unknown>> | undefined;
    return (offersResultsView(envelope?.[CLIENT_CAPABILITIES_META_KEY]) ? tools : withoutViews(tools)) as ListToolsResult;
  });
  const transport = new ModernExchangeTransport();
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const envelope = ctx.mcpReq.envelope as Readonly<Record<string, unknown>> | undefined;
    // What the SDK lifted out of a retry of an input-required result (SEP-2322).
    const round = { inputResponses: ctx.mcpReq.inputResponses, requestState: ctx.mcpReq.requestState<string>() };
    const confirm = modernConfirmation(envelope?.[CLIENT_CAPABILITIES_META_KEY], round);
    const answer = surface.callTool(request.params.name, request.params.arguments, ctx.http?.authInfo, confirm);
    return (await outagesHandedOver(transport, ctx.mcpReq.id, answer)) as CallToolResult;
  });
  server.setRequestHandler('resources/list', () => surface.listResources() as ListResourcesResult);
  server.setRequestHandler('resources/read', (request) => {
    const { uri } = request.params;
    const view = surface.readResource(uri);
    // The SDK answers it -32602 with data.uri, as 2026-07-28 requires (2025-11-25 said -32002).
    if (!view) throw new ResourceNotFoundError(uri, resourceNotFoundMessage(uri));
    return view as ReadResourceResult;
  });
  server.setRequestHandler('skills/list', { params: skillsListParams }, () => ({ ...listSkills(), ...skillsCacheHint }));
  server.setRequestHandler('skills/get', { params: skillsGetParams }, (params) => {
    const found = getSkill(params.uri);
    if ('problem' in found) throw new ProtocolError(ProtocolErrorCode.InvalidParams, found.problem);
    return { ...found, ...skillsCacheHint };
  });
  await server.connect(transport);
  return { transport, close: () => server.close() };
}
