/** The Redis the tests use: the local server, unless the environment names another. */
export const testRedisUrl = process.env.SURVEY_MCP_TEST_REDIS ?? 'redis://127.0.0.1:6379';

/** Host and port of a Redis or PostgreSQL URL, for a TCP proxy placed in front of it. */
export function endpointOf(url: string, defaultPort: number): { host: string; port: number } {
  const { hostname, port } = new URL(url);
  return { host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || defaultPort) };
}

/** The same URL (credentials, database number) reached through a proxy on 127.0.0.1:port. */
export function throughProxy(url: string, port: number): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return proxied.href;
}

/** The same Redis with another database number: a test's rate windows apart from every other test's keys. */
export function redisDatabase(url: string, database: number): string {
  const numbered = new URL(url);
  numbered.pathname = `/${database}`;
  return numbered.href;
}
