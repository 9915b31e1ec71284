/** Case 1: the real server (`startServer`), composed and tuned as `survey-mcp serve` does it. */
import { tuneHeapForServing } from '../../src/cli/serving-heap.js';
import { serverConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { runChild } from './child.js';
import { benchRateRule, type FullStackOptions } from './protocol.js';

runChild<FullStackOptions>(async (options) => {
  tuneHeapForServing();
  const server = await startServer(
    serverConfig({ port: 0, authPort: 0, db: options.db, rateStore: options.rateStore, mcpRateLimit: options.mcpRateLimit ?? benchRateRule, seedDemo: false }, {}),
  );
  return { url: server.baseUrl, close: () => server.close() };
});
