import { describe, expect, it } from 'vitest';
import { ConfigError } from './parse.js';
import { parseOtlpEndpoint, parseSampleRatio, resolveSpanExport } from './span-export.js';

describe('--otlp-endpoint', () => {
  it("sends to a collector root's /v1/traces, as OTEL_EXPORTER_OTLP_ENDPOINT does, and to a path as given", () => {
    expect(parseOtlpEndpoint('--otlp-endpoint', 'http://collector:4318')).toBe('http://collector:4318/v1/traces');
    expect(parseOtlpEndpoint('--otlp-endpoint', 'https://otel.example.com/api/traces')).toBe('https://otel.example.com/api/traces');
  });

  it.each([
    ['not a URL', 'collector:4318'.replace(':', ' ')],
    ['another scheme', 'grpc://collector:4317'],
    ['credentials', 'http://user:secret@collector:4318'],
  ])('refuses %s, naming the flag and the value', (_case, value) => {
    expect(() => parseOtlpEndpoint('--otlp-endpoint', value)).toThrow(`--otlp-endpoint '${value}'`);
  });
});

describe('--otlp-sample-ratio', () => {
  it.each([
    ['0.1', 0.1],
    ['.25', 0.25],
    ['1', 1],
    ['0', 0],
  ])('reads %s as %d', (value, ratio) => {
    expect(parseSampleRatio('--otlp-sample-ratio', value)).toBe(ratio);
  });

  it.each(['1.5', '-0.1', '10%', 'all', '', '1e-1'])('refuses %j', (value) => {
    expect(() => parseSampleRatio('--otlp-sample-ratio', value)).toThrow(/must be a decimal from 0 to 1/);
  });
});

describe('span export settings', () => {
  it('are off without an endpoint, and read SURVEY_MCP_OTLP_ENDPOINT when the flag is absent', () => {
    expect(resolveSpanExport({}, {})).toBeUndefined();
    expect(resolveSpanExport({}, { SURVEY_MCP_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({ url: 'http://collector:4318/v1/traces', sampleRatio: 0.1 });
    expect(resolveSpanExport({ otlpEndpoint: 'http://a:4318/v1/traces', otlpSampleRatio: 1 }, { SURVEY_MCP_OTLP_ENDPOINT: 'http://b:4318' })).toEqual({
      url: 'http://a:4318/v1/traces',
      sampleRatio: 1,
    });
  });

  it('refuse a sample ratio without an endpoint, and a bad endpoint in the variable', () => {
    expect(() => resolveSpanExport({ otlpSampleRatio: 0.5 }, {})).toThrow(ConfigError);
    expect(() => resolveSpanExport({}, { SURVEY_MCP_OTLP_ENDPOINT: 'ftp://x' })).toThrow("SURVEY_MCP_OTLP_ENDPOINT 'ftp://x'");
  });
});
