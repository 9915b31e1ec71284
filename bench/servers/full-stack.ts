/** Case 1: the real server (`startServer`), composed as `survey-mcp serve` composes it. */
import { defaultAccessTokenTtlMs, defaultRegisterRateLimit, defaultSignInRateLimit } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { runChild } from './child.js';
import { benchRateRule, type FullStackOptions } from './protocol.js';

runChild<FullStackOptions>(async (options) => {
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    authPort: 0,
    baseUrl: undefined,
    authUrl: undefined,
    db: options.db,
    rateStore: options.rateStore,
    mcpRateLimit: options.mcpRateLimit ?? benchRateRule,
    registerRateLimit: defaultRegisterRateLimit,
    signInRateLimit: defaultSignInRateLimit,
    allowedOrigins: [],
    trustProxy: false,
    seedDemo: false,
    accessTokenTtlMs: defaultAccessTokenTtlMs,
  });
  return { url: server.baseUrl, close: () => server.close() };
});
