/** Case 1: the real server (`startServer`), composed and tuned as `survey-mcp serve` does it. */
import { serverConfig } from '../../src/config.js';
import { bufferedDestination } from '../../src/telemetry/request-log.js';
import { startServer } from '../../src/server.js';
import { runChild } from './child.js';
import { benchRateRule, type FullStackOptions } from './protocol.js';

runChild<FullStackOptions>(async (options) => {
  const withMetrics = options.telemetry === true || options.telemetry === 'metrics';
  const withLog = options.telemetry === true || options.telemetry === 'log';
  const telemetry = {
    ...(withMetrics && { metrics: { host: '127.0.0.1', port: 0 } }),
    ...(withLog && { log: { format: 'json' as const, level: 'info' as const } }),
  };
  const server = await startServer(
    serverConfig({ port: 0, authPort: 0, db: options.db, rateStore: options.rateStore, mcpRateLimit: options.mcpRateLimit ?? benchRateRule, seedDemo: false, ...telemetry }, {}),
    // Written as `serve` writes stdout: to a file, or to nowhere.
    withLog ? { logDestination: bufferedDestination(options.logFile ?? '/dev/null') } : {},
  );
  return { url: server.baseUrl, close: () => server.close() };
});
