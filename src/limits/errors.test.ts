import { describe, expect, it } from 'vitest';
import { RateStoreUnavailableError, UnsupportedRateStoreError, redactUrl } from './errors.js';

describe('redactUrl', () => {
  it('returns a URL without secrets unchanged', () => {
    expect(redactUrl('redis://127.0.0.1:1')).toBe('redis://127.0.0.1:1');
    expect(redactUrl('rediss://cache.internal:6380/2')).toBe('rediss://cache.internal:6380/2');
    expect(redactUrl('./rate.db')).toBe('./rate.db');
  });

  it('masks the password and keeps the user name', () => {
    expect(redactUrl('redis://:s3cret@127.0.0.1:6379')).toBe('redis://:***@127.0.0.1:6379');
    expect(redactUrl('redis://app:s3cret@cache:6379/0')).toBe('redis://app:***@cache:6379/0');
  });

  it('masks password-like query parameters', () => {
    expect(redactUrl('redis://cache:6379/?db=1&password=s3cret')).toBe('redis://cache:6379/?db=1&password=***');
  });
});

describe('rate store errors', () => {
  it('say which store is unavailable and why, and carry status 503', () => {
    const error = new RateStoreUnavailableError('redis://127.0.0.1:1', 'ECONNREFUSED');
    expect(error.message).toBe('rate store unavailable: redis://127.0.0.1:1 (ECONNREFUSED)');
    expect(error.code).toBe('rate_store_unavailable');
    expect(error.status).toBe(503);
    expect(error.name).toBe('RateStoreUnavailableError');
  });

  it('name an unsupported setting and list what is supported', () => {
    expect(new UnsupportedRateStoreError('memcached://x').message).toBe(
      'unsupported rate store "memcached://x": expected redis://, rediss://, sqlite:PATH, a file path or :memory:',
    );
  });
});
