import { fail, type Check } from '../../check.js';
import { authorizationServerDocuments } from './documents.js';

function jsonPart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** What keeps `value` from being signed metadata, or undefined. The signature itself needs the deployment's keys. */
function signedMetadataProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return `is ${JSON.stringify(value)}, not a JWT string`;
  const parts = value.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) return 'is not a compact JWS (three base64url parts)';
  const [protectedHeader, payload] = parts.slice(0, 2).map((part) => jsonPart(part));
  const alg = protectedHeader?.['alg'];
  if (typeof alg !== 'string' || alg === 'none' || !parts[2]) return `is not signed (alg ${JSON.stringify(alg)}${parts[2] ? '' : ', no signature'})`;
  if (typeof payload?.['iss'] !== 'string') return 'has no "iss" claim naming who attests to it';
  return undefined;
}

export const signedMetadataForm: Check = {
  id: 'signed-metadata-form',
  group: 'discovery',
  title: 'signed_metadata, when published, is a signed JWT with an iss claim',
  spec: 'RFC 8414 section 2.1 (signed metadata MUST be digitally signed or MACed using JWS and MUST contain an iss claim)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const documents = await authorizationServerDocuments(ctx);
    const published = documents.filter(({ json }) => 'signed_metadata' in json);
    for (const { path, json } of published) {
      const problem = signedMetadataProblem(json['signed_metadata']);
      if (problem) fail(`"signed_metadata" in ${path} ${problem}`);
    }
    return published.length === 0 ? 'no signed_metadata published' : `signed_metadata in ${published.map(({ path }) => path).join(' and ')} is a signed JWT with iss`;
  },
};
