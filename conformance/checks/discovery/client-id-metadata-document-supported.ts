import { fail, type Check } from '../../check.js';
import { authorizationServerDocuments } from './documents.js';

const parameter = 'client_id_metadata_document_supported';

export const clientIdMetadataDocumentSupported: Check = {
  id: 'client-id-metadata-document-supported',
  group: 'discovery',
  title: 'Both authorization-server documents advertise client ID metadata documents',
  spec: 'MCP 2026-07-28 authorization/client-registration, Client ID Metadata Documents (SHOULD support; draft-ietf-oauth-client-id-metadata-document §5)',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const wrong: string[] = [];
    for (const { path, json } of await authorizationServerDocuments(ctx)) {
      if (json[parameter] !== true) wrong.push(`${path} has ${JSON.stringify(json[parameter])}`);
    }
    if (wrong.length > 0) {
      fail(`"${parameter}" must be true, or clients such as Claude and VS Code fall back to registration: ${wrong.join('; ')}`);
    }
    return `"${parameter}": true`;
  },
};
