import { describe, expect, it } from 'vitest';
import { serveConfig } from './serve.js';

describe('serveConfig', () => {
  it('hands the in-flight and connection flags on, each absent one at its default', () => {
    const config = serveConfig({ allowedOrigin: [], seed: false, db: 'x.db', mcpInFlight: 2, requestTimeout: 20_000, maxSocketsPerAddress: 50 });
    expect(config.mcpInFlightLimit).toBe(2);
    expect(config.connectionLimits).toEqual({ requestTimeoutMs: 20_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000, maxSocketsPerAddress: 50 });
  });
});
