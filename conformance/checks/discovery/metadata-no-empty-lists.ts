import { fail, type Check } from '../../check.js';
import { DOCUMENTS, metadataOf } from './documents.js';
import type { DocumentName } from '../../context.js';

/** RFC 9728 section 2 lets an empty bearer_methods_supported say "none": the one empty list allowed. */
const MAY_BE_EMPTY = new Set(['bearer_methods_supported']);

export const metadataNoEmptyLists: Check = {
  id: 'metadata-no-empty-lists',
  group: 'discovery',
  title: 'No discovery document publishes an empty list: a parameter with no values is left out',
  spec: 'RFC 8414 section 2 and RFC 9728 section 3.2 (parameters with zero values MUST be omitted)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const empty: string[] = [];
    for (const name of Object.keys(DOCUMENTS) as DocumentName[]) {
      const json = await metadataOf(ctx, name);
      for (const [key, value] of Object.entries(json)) {
        if (Array.isArray(value) && value.length === 0 && !(name === 'protected-resource' && MAY_BE_EMPTY.has(key))) {
          empty.push(`${DOCUMENTS[name].path} "${key}"`);
        }
      }
    }
    if (empty.length > 0) fail(`empty lists published: ${empty.join(', ')}`);
    return 'no empty lists in the three discovery documents';
  },
};
