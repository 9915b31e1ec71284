import type { CheckContext } from '../../context.js';

export const UNKNOWN_CLIENT_ID = 'conformance-unknown-client';

/** A well-formed authorization request from a client the deployment has never registered. */
export async function unknownClientRequest(ctx: CheckContext): Promise<URL> {
  const { url } = await (await ctx.client()).beginAuthorization();
  url.searchParams.set('client_id', UNKNOWN_CLIENT_ID);
  return url;
}
