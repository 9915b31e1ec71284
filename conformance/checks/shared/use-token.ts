import type { CheckContext } from '../../context.js';
import type { Exchange } from '../../http.js';
import { tryToken } from '../../eras.js';

/**
 * The cheapest MCP request made with `token` (`tryToken`, in either era): 200 shows the token is accepted, 401
 * that it is not. A 429 is waited out, since the budget is not what these checks are about.
 */
export function useToken(ctx: CheckContext, token: string): Promise<Exchange> {
  return tryToken(ctx, token);
}
