import { fail, type Check } from '../../check.js';
import { metadataOf } from './documents.js';

const REQUIRED_BY_OPENID_PARSERS = ['jwks_uri', 'subject_types_supported', 'id_token_signing_alg_values_supported'];

export const openidConfigurationParserFields: Check = {
  id: 'openid-configuration-parser-fields',
  group: 'discovery',
  title: 'The openid-configuration has the fields OpenID parsers insist on',
  spec: 'field notes: MCP host (OpenID Connect Discovery 1.0 section 3)',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const json = await metadataOf(ctx, 'openid-configuration');
    const missing = REQUIRED_BY_OPENID_PARSERS.filter((field) => json[field] === undefined || json[field] === null);
    if (missing.length > 0) {
      fail(`/.well-known/openid-configuration lacks ${missing.map((f) => `"${f}"`).join(', ')}`);
    }
    return `has ${REQUIRED_BY_OPENID_PARSERS.join(', ')}`;
  },
};
