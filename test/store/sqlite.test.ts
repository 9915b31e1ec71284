import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteStore } from '../../src/store/sqlite/index.js';
import type { Store } from '../../src/store/store.js';
import { describeStoreContract } from './store.contract.js';

describeStoreContract('SQLite (two connections model two processes)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'survey-mcp-store-'));
  const opened: Store[] = [];
  return {
    open: async () => {
      const store = openSqliteStore(join(dir, 'store.db'));
      opened.push(store);
      return store;
    },
    sealedSuccessors: async () => {
      const db = new Database(join(dir, 'store.db'), { readonly: true });
      const sealed = db.prepare('SELECT successor_sealed FROM oauth_tokens WHERE successor_sealed IS NOT NULL ORDER BY 1').pluck().all() as string[];
      db.close();
      return sealed;
    },
    dispose: async () => {
      await Promise.all(opened.map((store) => store.close()));
      await rm(dir, { recursive: true, force: true });
    },
  };
});
