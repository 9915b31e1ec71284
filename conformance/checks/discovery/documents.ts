import { fail } from '../../check.js';
import type { CheckContext, DocumentName } from '../../context.js';
import { cite } from '../../http.js';

export const DOCUMENTS: Readonly<Record<DocumentName, { readonly path: string; readonly checkId: string }>> = {
  'protected-resource': {
    path: '/.well-known/oauth-protected-resource',
    checkId: 'protected-resource-metadata',
  },
  'authorization-server': {
    path: '/.well-known/oauth-authorization-server',
    checkId: 'authorization-server-metadata',
  },
  'openid-configuration': {
    path: '/.well-known/openid-configuration',
    checkId: 'openid-configuration-document',
  },
};

/**
 * A discovery document's JSON for checks about its contents; a document that is missing or not
 * JSON fails them too, pointing at the check that explains why.
 */
export async function metadataOf(ctx: CheckContext, name: DocumentName): Promise<Record<string, unknown>> {
  const { exchange, json } = await ctx.document(name);
  cite(exchange);
  if (exchange.response.status !== 200 || !json) {
    fail(
      `${DOCUMENTS[name].path} answered HTTP ${exchange.response.status} without a JSON document (see check ${DOCUMENTS[name].checkId})`,
    );
  }
  return json;
}

/** Both authorization-server documents, which must say the same thing. */
export async function authorizationServerDocuments(
  ctx: CheckContext,
): Promise<readonly { readonly path: string; readonly json: Record<string, unknown> }[]> {
  const names = ['authorization-server', 'openid-configuration'] as const;
  return Promise.all(names.map(async (name) => ({ path: DOCUMENTS[name].path, json: await metadataOf(ctx, name) })));
}
