import { readFile } from 'node:fs/promises';
import { usageError } from '../../errors.js';
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
  let text: string;
  try {
    text = await readFile(keyFile, 'utf8');
  } catch (error) {
    throw usageError(`--id-jag-key ${keyFile}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let jwk: unknown;
  try {
    jwk = JSON.parse(text);
  } catch {
    throw usageError(`--id-jag-key ${keyFile}: not JSON; it must hold one private JWK`);
  }
  const fields = (jwk ?? {}) as Record<string, unknown>;
  if (typeof jwk !== 'object' || typeof fields.d !== 'string' || typeof fields.kid !== 'string' || typeof fields.alg !== 'string') {
    throw usageError(`--id-jag-key ${keyFile}: must be a private JWK with 'd', 'kid' and 'alg' (e.g. ES256)`);
  }
  return { issuer, privateJwk: fields, ...(subject !== undefined && { subject }) };
}
