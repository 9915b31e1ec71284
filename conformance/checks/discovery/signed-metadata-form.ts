import { fail, type Check } from '../../check.js';
import { authorizationServerDocuments } from './documents.js';
import { signedMetadataProblem } from './signed-metadata.js';

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
