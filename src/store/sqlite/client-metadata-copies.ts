import { clientMetadataCopySql, copyParameters, toClientMetadataCopy, type ClientMetadataCopyRow, type ClientMetadataCopyStore } from '../client-metadata-copies.js';
import type { SqliteDatabase } from './database.js';
import { anonymousParameters } from './shared-sql.js';

const anonymous = anonymousParameters;

export function sqliteClientMetadataCopies(db: SqliteDatabase): ClientMetadataCopyStore {
  const save = db.prepare(anonymous(clientMetadataCopySql.save));
  const find = db.prepare<[string], ClientMetadataCopyRow>(anonymous(clientMetadataCopySql.find));
  const remove = db.prepare(anonymous(clientMetadataCopySql.delete));
  return {
    async saveClientMetadataCopy(copy) {
      save.run(...copyParameters(copy));
    },
    async findClientMetadataCopy(clientId) {
      const row = find.get(clientId);
      return row && toClientMetadataCopy(row);
    },
    async deleteClientMetadataCopy(clientId) {
      remove.run(clientId);
    },
  };
}
