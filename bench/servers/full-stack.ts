/** Case 1: the real server (`startServer`), composed as `survey-mcp serve` composes it. */
import { serverConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { runChild } from './child.js';
import { benchRateRule, type FullStackOptions } from './protocol.js';

runChild<FullStackOptions>(async (options) => {
  const server = await startServer(
    serverConfig({ port: 0, authPort: 0, db: options.db, rateStore: options.rateStore, mcpRateLimit: options.mcpRateLimit ?? benchRateRule, seedDemo: false }, {}),
  );
  return { url: server.baseUrl, close: () => server.close() };
});
