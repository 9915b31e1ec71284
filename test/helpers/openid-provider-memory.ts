import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Row {
  readonly payload: AdapterPayload;
  readonly expiresAt: number | undefined;
}

/**
 * The test provider's sessions, interactions, codes and grants in this process's memory, as
 * oidc-provider's built-in adapter keeps them (it warns on every start that production must not).
 * One store for every provider a TestOpenIdProvider builds, so a rebuild mid-sign-in loses nothing.
 */
export function memoryAdapter(): AdapterFactory {
  const rows = new Map<string, Row>();
  const live = (key: string): AdapterPayload | undefined => {
    const row = rows.get(key);
    if (row?.expiresAt !== undefined && row.expiresAt <= Date.now()) rows.delete(key);
    return rows.get(key)?.payload;
  };
  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    const findBy = (field: 'uid' | 'userCode', value: string) => {
      for (const key of rows.keys()) if (key.startsWith(`${model}:`) && live(key)?.[field] === value) return live(key);
      return undefined;
    };
    return {
      upsert: async (id, payload, expiresIn) => void rows.set(keyOf(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined }),
      find: async (id) => live(keyOf(id)),
      findByUid: async (uid) => findBy('uid', uid),
      findByUserCode: async (userCode) => findBy('userCode', userCode),
      consume: async (id) => {
        const payload = live(keyOf(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      destroy: async (id) => void rows.delete(keyOf(id)),
      revokeByGrantId: async (grantId) => {
        for (const [key, row] of rows) if (row.payload.grantId === grantId) rows.delete(key);
      },
    };
  };
}
