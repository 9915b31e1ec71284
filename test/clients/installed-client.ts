import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The assistant command lines the matrix drives, at the versions scripts/install-test-clients.sh installs. */
export const pinnedClients = JSON.parse(readFileSync(new URL('./pinned-clients.json', import.meta.url), 'utf8')) as Record<string, string>;

const cache = process.env.SURVEY_MCP_CLIENT_CACHE ?? join(homedir(), '.cache', 'survey-mcp', 'clients');

export interface InstalledClient {
  readonly name: string;
  readonly version: string;
  /** The command as npm linked it: node_modules/.bin/<bin>. */
  readonly bin: string;
}

/**
 * One pinned assistant from the cache. A client that is not there is a failed test, never a
 * passing one: the message says how to install it.
 */
export function installedClient(name: string, bin: string): InstalledClient {
  const version = pinnedClients[name];
  if (version === undefined) throw new Error(`${name} is not pinned in test/clients/pinned-clients.json`);
  const dir = join(cache, `${name}@${version}`);
  const command = join(dir, 'node_modules', '.bin', bin);
  if (!existsSync(join(dir, '.installed')) || !existsSync(command)) {
    throw new Error(`${name}@${version} is not installed in ${dir}: run scripts/install-test-clients.sh (it installs every pinned client once)`);
  }
  return { name, version, bin: command };
}
