import type { Check } from '../../check.js';
import { refusedAssertion } from './private-key-jwt.js';

/**
 * A jti that is no identifier at all: null, or the empty string that identifies nothing.
 * A deployment that keeps used jti values has to refuse these itself; storing them is where
 * a server fails (a NOT NULL column answers 500).
 */
export const privateKeyJwtJtiMalformedRefused: Check = {
  id: 'private-key-jwt-jti-malformed-refused',
  group: 'authorization',
  title: 'A client assertion whose jti is null or empty is refused with invalid_client, never a 5xx or tokens',
  spec: 'RFC 7519 section 4.1.7 (jti is a case-sensitive string that uniquely identifies the JWT), RFC 7523 section 3.2 (a rejected assertion answers invalid_client); RFC 6749 section 5.2',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const nullJti = await refusedAssertion(ctx, () => ({ jti: null }), 'an assertion whose jti is null');
    const emptyJti = await refusedAssertion(ctx, () => ({ jti: '' }), 'an assertion whose jti is the empty string');
    return `jti null: ${nullJti}; jti "": ${emptyJti}`;
  },
};
