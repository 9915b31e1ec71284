import type { CheckContext } from '../../context.js';
import type { SpokenEra } from '../../each-era.js';
import { LEGACY_REVISION } from '../../eras.js';
import type { Exchange } from '../../http.js';
import { sendPolitely } from '../../mcp.js';
import { MODERN_REVISION } from '../../modern.js';

export interface RawPostOptions {
  /** Leave MCP-Protocol-Version out: a 2025-03-26 client, whose POST may be a batch. */
  readonly unversioned?: boolean;
  /** Headers beyond the era's (2026-07-28's Mcp-Method and Mcp-Name). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Sends `body` as is to the MCP endpoint in `era` (its token and version header, nothing else of
 * the era's envelope), waiting out a 429 as a polite client does: the budget is not under test.
 */
export function rawPost(ctx: CheckContext, era: SpokenEra, body: string, options: RawPostOptions = {}): Promise<Exchange> {
  const send = async (): Promise<Exchange> => {
    const legacy = era === LEGACY_REVISION;
    const token = legacy ? await ctx.connected() : await ctx.accessToken();
    const version = options.unversioned ? undefined : legacy ? ctx.mcp.protocolVersion : MODERN_REVISION;
    return ctx.http.send({
      method: 'POST',
      url: ctx.mcp.endpoint,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(version ? { 'mcp-protocol-version': version } : {}),
        authorization: `Bearer ${token}`,
        ...options.headers,
      },
      body,
    });
  };
  return sendPolitely(send, ctx.settings.mcpRateLimit, ctx.progress);
}
