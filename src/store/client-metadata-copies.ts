import type { OAuthClient } from './auth-store.js';

/** The last good copy of an approved client's metadata document, as the resolver uses it. */
export interface ClientMetadataCopy {
  readonly client: OAuthClient;
  readonly fetchedAt: number;
  readonly freshUntil: number;
  /** Until when the copy may stand in while its host is in trouble. */
  readonly staleUntil: number;
}

/** Copies shared by every instance, so one outlives the memory cache, a restart and its fetcher. */
export interface ClientMetadataCopyStore {
  saveClientMetadataCopy(copy: ClientMetadataCopy): Promise<void>;
  findClientMetadataCopy(clientId: string): Promise<ClientMetadataCopy | undefined>;
  deleteClientMetadataCopy(clientId: string): Promise<void>;
}

export interface ClientMetadataCopyRow {
  client: string;
  fetched_at: number;
  fresh_until: number;
  stale_until: number;
}

export const toClientMetadataCopy = (row: ClientMetadataCopyRow): ClientMetadataCopy => ({
  client: JSON.parse(row.client) as OAuthClient,
  fetchedAt: row.fetched_at,
  freshUntil: row.fresh_until,
  staleUntil: row.stale_until,
});

/** Both dialects: `$n` parameters in order (SQLite reads them as `?`). */
export const clientMetadataCopySql = {
  save: `INSERT INTO client_metadata_copies (client_id, client, fetched_at, fresh_until, stale_until) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (client_id) DO UPDATE SET client = excluded.client, fetched_at = excluded.fetched_at,
           fresh_until = excluded.fresh_until, stale_until = excluded.stale_until`,
  find: 'SELECT client, fetched_at, fresh_until, stale_until FROM client_metadata_copies WHERE client_id = $1',
  delete: 'DELETE FROM client_metadata_copies WHERE client_id = $1',
} as const;

export const copyParameters = (copy: ClientMetadataCopy) => [copy.client.id, JSON.stringify(copy.client), copy.fetchedAt, copy.freshUntil, copy.staleUntil];
