import { readFile } from 'node:fs/promises';
import { usageError } from './errors.js';
import type { PrivateKeyJwtClient } from './options.js';

/**
 * --client-metadata-jwt-url (once per document, e.g. one with `jwks_uri` and one with `jwks`)
 * with --client-metadata-jwt-key: a private_key_jwt client the runner signs for. Both or
 * neither; the key file must hold one private JWK with its `kid` and `alg`, published by every document.
 */
export async function privateKeyJwtClientFrom(flags: {
  readonly clientMetadataJwtUrl?: readonly string[] | undefined;
  readonly clientMetadataJwtKey?: string | undefined;
}): Promise<PrivateKeyJwtClient | undefined> {
  const { clientMetadataJwtUrl: urls = [], clientMetadataJwtKey: keyFile } = flags;
  const [first, ...others] = urls;
  if (first === undefined && keyFile === undefined) return undefined;
  if (first === undefined || keyFile === undefined) {
    throw usageError('--client-metadata-jwt-url and --client-metadata-jwt-key go together: the document and the private key it publishes');
  }
  return { documentUrls: [first, ...others], privateJwk: await readPrivateJwk('--client-metadata-jwt-key', keyFile) };
}

/** The one private JWK (with `kid` and `alg`) in the file a flag names; a usage error saying what is wrong otherwise. */
export async function readPrivateJwk(flag: string, keyFile: string): Promise<Readonly<Record<string, unknown>>> {
  let text: string;
  try {
    text = await readFile(keyFile, 'utf8');
  } catch (error) {
    throw usageError(`${flag} ${keyFile}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let jwk: unknown;
  try {
    jwk = JSON.parse(text);
  } catch {
    throw usageError(`${flag} ${keyFile}: not JSON; it must hold one private JWK`);
  }
  const fields = (jwk ?? {}) as Record<string, unknown>;
  if (typeof jwk !== 'object' || typeof fields.d !== 'string' || typeof fields.kid !== 'string' || typeof fields.alg !== 'string') {
    throw usageError(`${flag} ${keyFile}: must be a private JWK with 'd', 'kid' and 'alg' (e.g. ES256)`);
  }
  return fields;
}
