import type { CheckContext } from '../../context.js';
import type { Exchange } from '../../http.js';

/**
 * The cheapest MCP request (`ping`) made with `token`: 200 shows the token is accepted, 401
 * that it is not. A 429 is waited out, since the budget is not what these checks are about.
 */
export function useToken(ctx: CheckContext, token: string): Promise<Exchange> {
  return ctx.mcp.post(token, ctx.mcp.envelope('ping'));
}
