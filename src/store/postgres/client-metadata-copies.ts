import { clientMetadataCopySql, copyParameters, toClientMetadataCopy, type ClientMetadataCopyRow, type ClientMetadataCopyStore } from '../client-metadata-copies.js';
import type { PostgresDatabase } from './database.js';

export function postgresClientMetadataCopies(db: PostgresDatabase): ClientMetadataCopyStore {
  return {
    async saveClientMetadataCopy(copy) {
      await db.run(clientMetadataCopySql.save, copyParameters(copy));
    },
    async findClientMetadataCopy(clientId) {
      const row = await db.one<ClientMetadataCopyRow>(clientMetadataCopySql.find, [clientId]);
      return row && toClientMetadataCopy(row);
    },
    async deleteClientMetadataCopy(clientId) {
      await db.run(clientMetadataCopySql.delete, [clientId]);
    },
  };
}
