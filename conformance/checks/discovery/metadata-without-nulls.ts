import { fail, type Check } from '../../check.js';
import { DOCUMENTS, metadataOf } from './documents.js';

export const metadataWithoutNulls: Check = {
  id: 'metadata-without-nulls',
  group: 'discovery',
  title: 'No discovery document publishes null; an absent value is an absent key',
  spec: 'field notes: MCP host (client parsers reject null)',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const nulls: string[] = [];
    for (const name of ['protected-resource', 'authorization-server', 'openid-configuration'] as const) {
      const json = await metadataOf(ctx, name);
      for (const [key, value] of Object.entries(json)) {
        if (value === null) nulls.push(`"${key}" in ${DOCUMENTS[name].path}`);
      }
    }
    if (nulls.length > 0) fail(`null published for ${nulls.join(', ')}`);
    return 'no null values in the three documents';
  },
};
