import { notVerified } from '../../check.js';
import type { OAuthClient } from '../../client.js';
import type { CheckContext } from '../../context.js';

/** The client of the `--bad-client-metadata-url` document (its client_id not its own URL), or a skip saying what to host. */
export async function badMetadataClient(ctx: CheckContext): Promise<{ readonly documentUrl: string; readonly client: OAuthClient }> {
  const documentUrl = ctx.settings.badClientMetadataUrl;
  if (!documentUrl) {
    notVerified("needs --bad-client-metadata-url: a document you host whose client_id is not its own URL, listing the runner's redirect URI");
  }
  return { documentUrl, client: await ctx.metadataClient(documentUrl) };
}
