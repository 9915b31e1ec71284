import { notVerified, skip } from '../check.js';
import { NONE_ALONE_SKIP, clientAuthentication } from '../checks/authorization/private-key-jwt.js';
import type { CheckContext } from '../context.js';
import { variantId, type ClientKindName, type Variant } from './axes.js';

/**
 * Whether the deployment offers an axis value, from evidence: what its metadata lists and what the
 * run was given. Never from a violation: a value the contract requires (the DCR client, both
 * grants, both token kinds) is always offered, and if it does not work its cases fail.
 */
export type Applicability =
  | { readonly offered: true }
  /** `runLacks`: the deployment may offer it, but the run was not given what it takes (NOT VERIFIED, not n/a). */
  | { readonly offered: false; readonly evidence: string; readonly runLacks?: true };

const OFFERED: Applicability = { offered: true };

/** The evidence for each client kind. */
export async function clientApplicability(ctx: CheckContext, kind: ClientKindName): Promise<Applicability> {
  switch (kind) {
    case 'dcr-public':
      return OFFERED;
    case 'cimd-public':
      return ctx.settings.clientMetadataUrl
        ? OFFERED
        : { offered: false, runLacks: true, evidence: 'the run was given no --client-metadata-url (a public client metadata document the deployment can fetch)' };
    case 'cimd-jwt': {
      if (!(await clientAuthentication(ctx)).listed) return { offered: false, evidence: NONE_ALONE_SKIP };
      return ctx.settings.privateKeyJwtClient
        ? OFFERED
        : { offered: false, runLacks: true, evidence: 'the run was given no --client-metadata-jwt-url and --client-metadata-jwt-key (a private_key_jwt client document and its key)' };
    }
  }
}

/**
 * Skips, as a listed n/a row naming its evidence, unless every value of `variant` is offered; a
 * value the run could not try for want of a flag is NOT VERIFIED instead.
 */
export async function requireVariant(ctx: CheckContext, variant: Variant): Promise<void> {
  if (variant.client === undefined) return;
  const found = await clientApplicability(ctx, variant.client);
  if (found.offered) return;
  const reason = `n/a for ${variantId(variant)}: ${found.evidence}`;
  return found.runLacks ? notVerified(reason) : skip(reason);
}
