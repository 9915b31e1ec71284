import { fail, type Check } from '../../check.js';
import { authorizationServerDocuments } from './documents.js';

export const privateKeyJwtSigningAlgs: Check = {
  id: 'private-key-jwt-signing-algs',
  group: 'discovery',
  title: 'Metadata that lists private_key_jwt also lists the signing algorithms it accepts, none of them "none"',
  spec: 'RFC 8414 section 2 (token_endpoint_auth_signing_alg_values_supported)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const wrong: string[] = [];
    let listed = false;
    for (const { path, json } of await authorizationServerDocuments(ctx)) {
      const methods = json['token_endpoint_auth_methods_supported'];
      if (!Array.isArray(methods) || !methods.includes('private_key_jwt')) continue;
      listed = true;
      const algs = json['token_endpoint_auth_signing_alg_values_supported'];
      if (!Array.isArray(algs) || algs.length === 0) wrong.push(`${path} lists private_key_jwt without token_endpoint_auth_signing_alg_values_supported`);
      else if (algs.includes('none')) wrong.push(`${path} lists "none" among token_endpoint_auth_signing_alg_values_supported`);
    }
    if (wrong.length > 0) fail(wrong.join('; '));
    return listed ? 'private_key_jwt is listed with the algorithms it accepts' : 'private_key_jwt is not listed (none only): nothing to list';
  },
};
