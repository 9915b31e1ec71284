/**
 * What keeps a published `signed_metadata` from being signed metadata (RFC 8414 section 2.1, RFC
 * 9728 section 2.2: a JWS, signed, with an `iss` claim), said after the field's name, or
 * undefined. The signature itself needs the deployment's keys.
 */
export function signedMetadataProblem(value: unknown): string | undefined {
  const parts = typeof value === 'string' ? value.split('.') : [];
  const [header, payload] = parts.slice(0, 2).map(jsonPart);
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part)) || !header || !payload) {
    return `is not a compact JWS (three base64url JSON parts): ${String(JSON.stringify(value)).slice(0, 80)}`;
  }
  const alg = header['alg'];
  if (typeof alg !== 'string' || alg.toLowerCase() === 'none' || parts[2] === '') {
    return `is not signed (alg ${JSON.stringify(alg)}${parts[2] ? '' : ', no signature'}): anyone could have written it`;
  }
  if (typeof payload['iss'] !== 'string') return 'has no "iss" claim naming who vouches for it';
  return undefined;
}

function jsonPart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
