import { describe, expect, it } from 'vitest';
import { ConfigError, parseOrigin, parsePort, parsePublicUrl, parseRateRule, parseRefreshGrace, parseStreamGetStatus, parseTokenTtl, parseWholeNumber, resolveDb, resolveRefreshGrace, serverConfig } from './config.js';

describe('flag parsers', () => {
  it('reads N/S rate rules and explains the format when it is wrong', () => {
    expect(parseRateRule('--mcp-rate-limit', '180/60')).toEqual({ limit: 180, windowMs: 60_000 });
    expect(() => parseRateRule('--mcp-rate-limit', '0/60')).toThrow("--mcp-rate-limit '0/60' is not N/S");
    expect(() => parseRateRule('--mcp-rate-limit', '10/7200')).toThrow('S from 1 to 3600');
  });

  it('takes 404 or 405 as the stream GET status and names both when given anything else', () => {
    expect(parseStreamGetStatus('--stream-get-status', '404')).toBe(404);
    expect(parseStreamGetStatus('--stream-get-status', '405')).toBe(405);
    for (const bad of ['200', '400', '4o5', '', '405.0']) {
      expect(() => parseStreamGetStatus('--stream-get-status', bad)).toThrow(
        `--stream-get-status '${bad}' must be 404 (the contract's answer, the default) or 405`,
      );
    }
  });

  it('takes ports from 0 to 65535', () => {
    expect(parsePort('--port', '0')).toBe(0);
    expect(() => parsePort('--port', '65536')).toThrow("--port '65536' is not a port number");
    expect(() => parsePort('--port', '-1')).toThrow('is not a port number');
  });

  it('publishes base URLs without a trailing slash and refuses queries and credentials', () => {
    expect(parsePublicUrl('--base-url', 'https://surveys.example.com/')).toBe('https://surveys.example.com');
    expect(parsePublicUrl('--base-url', 'https://example.com/mcp/')).toBe('https://example.com/mcp');
    expect(() => parsePublicUrl('--base-url', 'https://a.example?x=1')).toThrow('must not carry a query');
    expect(() => parsePublicUrl('--base-url', 'ftp://a.example')).toThrow('must use https');
  });

  it('takes an origin as scheme, host and port only', () => {
    expect(parseOrigin('--allowed-origin', 'http://localhost:6274')).toBe('http://localhost:6274');
    expect(parseOrigin('--allowed-origin', 'https://app.example.com/')).toBe('https://app.example.com');
    for (const bad of ['*', 'app.example.com', 'https://app.example.com/path']) {
      expect(() => parseOrigin('--allowed-origin', bad)).toThrow('is not an origin');
    }
  });

  it('caps access-token lifetimes at the spec’s hour', () => {
    expect(parseTokenTtl('--access-token-ttl', '30')).toBe(30_000);
    expect(() => parseTokenTtl('--access-token-ttl', '3601')).toThrow('from 1 to 3,600');
  });

  it('takes a refresh grace of 0 to 3600 seconds from the flag, then SURVEY_MCP_REFRESH_GRACE, else 60 seconds', () => {
    expect(parseRefreshGrace('--refresh-grace', '0')).toBe(0);
    expect(parseRefreshGrace('--refresh-grace', '45')).toBe(45_000);
    expect(() => parseRefreshGrace('--refresh-grace', '-1')).toThrow("--refresh-grace '-1' must be whole seconds from 0 to 3,600");
    expect(resolveRefreshGrace(5_000, { SURVEY_MCP_REFRESH_GRACE: '30' })).toBe(5_000);
    expect(resolveRefreshGrace(undefined, { SURVEY_MCP_REFRESH_GRACE: '30' })).toBe(30_000);
    expect(resolveRefreshGrace(undefined, {})).toBe(60_000);
    expect(() => resolveRefreshGrace(undefined, { SURVEY_MCP_REFRESH_GRACE: 'soon' })).toThrow("SURVEY_MCP_REFRESH_GRACE 'soon' must be whole seconds");
  });

  it('finds the store from the flag, then SURVEY_MCP_DB, then the working directory', () => {
    expect(resolveDb('x.db', { SURVEY_MCP_DB: 'y.db' })).toBe('x.db');
    expect(resolveDb(undefined, { SURVEY_MCP_DB: 'y.db' })).toBe('y.db');
    expect(resolveDb(undefined, {})).toBe('survey-mcp.db');
  });
});

describe('serverConfig', () => {
  it('fills every default and lets given fields win, undefined ones included', () => {
    const config = serverConfig({ port: 0, db: 'x.db', rateStore: undefined }, {});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 0, authPort: 8788, db: 'x.db', rateStore: undefined, seedDemo: true });
    expect(config.mcpRateLimit).toEqual({ limit: 180, windowMs: 60_000 });
  });

  it('takes the store and rate store from the environment when not given', () => {
    expect(serverConfig({}, { SURVEY_MCP_DB: 'env.db', SURVEY_MCP_RATE_STORE: 'redis://r' })).toMatchObject({ db: 'env.db', rateStore: 'redis://r' });
  });

  it('refuses a PostgreSQL store without a shared rate store, as a configuration error', () => {
    expect(() => serverConfig({ db: 'postgres://db/x' }, {})).toThrow(ConfigError);
    expect(() => serverConfig({ db: 'postgres://db/x' }, {})).toThrow('needs --rate-store redis://HOST:6379');
    expect(serverConfig({ db: 'postgres://db/x', rateStore: 'redis://r' }, {}).rateStore).toBe('redis://r');
  });
});

describe('parseWholeNumber', () => {
  it('takes digits within the range and names flag, value and range otherwise', () => {
    expect(parseWholeNumber('--n', ' 42 ', { min: 1, max: 100 })).toBe(42);
    for (const bad of ['0', '101', '1e2', '-1', '2.5', '']) {
      expect(() => parseWholeNumber('--n', bad, { min: 1, max: 100 })).toThrow(`--n '${bad}' must be a whole number from 1 to 100`);
    }
    expect(() => parseWholeNumber('--ttl', '0', { min: 1, max: 2_592_000, unit: 'seconds' })).toThrow("--ttl '0' must be whole seconds from 1 to 2,592,000");
  });
});
