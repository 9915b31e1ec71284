import { hashSecret } from '../../oauth/tokens.js';

/** Past this many tokens the map starts over: memory stays bounded whoever sends what. */
const maxTokens = 10_000;

const bearerToken = /^Bearer +(\S+)$/i;

/**
 * The person behind each access token this process has verified, by the token's hash (never the
 * token itself). A token's person never changes, so this may be known before the token is read
 * again: the gate checks that person's budget and turn first (gate.ts). Whether the token still
 * works is read every time.
 */
export function tokenOwners() {
  const owners = new Map<string, string>();
  const keyOf = (authorization: string | undefined) => {
    const token = bearerToken.exec(authorization ?? '')?.[1];
    return token === undefined ? undefined : hashSecret(token);
  };
  return {
    of(authorization: string | undefined): string | undefined {
      const key = keyOf(authorization);
      return key === undefined ? undefined : owners.get(key);
    },
    remember(authorization: string | undefined, userId: string): void {
      const key = keyOf(authorization);
      if (key === undefined || owners.get(key) === userId) return;
      if (owners.size >= maxTokens) owners.clear();
      owners.set(key, userId);
    },
    forget(authorization: string | undefined): void {
      const key = keyOf(authorization);
      if (key !== undefined) owners.delete(key);
    },
  };
}
