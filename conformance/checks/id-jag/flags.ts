import { usageError } from '../../errors.js';
import { readPrivateJwk } from '../../private-key-jwt-flags.js';
import type { IdJagIssuer } from '../../options.js';

/**
 * --id-jag-key with --id-jag-issuer (and --id-jag-subject): the run signs ID-JAGs as the identity
 * provider the deployment trusts. Both or neither; the key file holds one private JWK with its
 * `kid` and `alg`, which the provider publishes at its jwks_uri.
 */
export async function idJagIssuerFrom(flags: {
  readonly idJagKey?: string | undefined;
  readonly idJagIssuer?: string | undefined;
  readonly idJagSubject?: string | undefined;
}): Promise<IdJagIssuer | undefined> {
  const { idJagKey: keyFile, idJagIssuer: issuer, idJagSubject: subject } = flags;
  if (keyFile === undefined && issuer === undefined) {
    if (subject !== undefined) throw usageError('--id-jag-subject goes with --id-jag-key and --id-jag-issuer');
    return undefined;
  }
  if (keyFile === undefined || issuer === undefined) {
    throw usageError("--id-jag-key and --id-jag-issuer go together: the identity provider's private signing key and its issuer");
  }
  if (!URL.canParse(issuer)) throw usageError(`--id-jag-issuer '${issuer}' is not an absolute URL, e.g. https://company.okta.com`);
  return { issuer, privateJwk: await readPrivateJwk('--id-jag-key', keyFile), ...(subject !== undefined && { subject }) };
}
