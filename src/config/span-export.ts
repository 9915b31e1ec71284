/** Spans to an OpenTelemetry collector: `--otlp-endpoint` and `--otlp-sample-ratio`, with their variable. */
import type { SpanExportSettings } from '../telemetry/span-export.js';
import { ConfigError } from './parse.js';

/** A tenth of the traces this server starts: enough to see where time goes, at a tenth of the export's cost. */
export const defaultOtlpSampleRatio = 0.1;

export interface SpanExportFlags {
  otlpEndpoint?: string;
  otlpSampleRatio?: number;
}

/**
 * A collector's OTLP/HTTP URL. Given as the collector's root (`http://collector:4318`), spans go to
 * its `/v1/traces`, as OpenTelemetry's `OTEL_EXPORTER_OTLP_ENDPOINT` does; a path given is used as is.
 */
export function parseOtlpEndpoint(flag: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new RangeError(`${flag} '${value}' is not an absolute URL, e.g. http://collector:4318`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RangeError(`${flag} '${value}' must be an http or https URL (OTLP/HTTP)`);
  // The URL is printed at start-up; a collector's credentials belong in its headers, not here.
  if (url.username || url.password) throw new RangeError(`${flag} '${value}' must not carry credentials`);
  if (url.pathname === '/') url.pathname = '/v1/traces';
  return url.href;
}

/** A share from 0 to 1, as a decimal (`0.1`, `1`). */
export function parseSampleRatio(flag: string, value: string): number {
  const ratio = Number(value.trim());
  if (!/^(0|1|0?\.\d+|1\.0*|0\.)$/.test(value.trim()) || !(ratio >= 0 && ratio <= 1)) {
    throw new RangeError(`${flag} '${value}' must be a decimal from 0 to 1, e.g. 0.1 for a tenth of new traces`);
  }
  return ratio;
}

/** `--otlp-endpoint`, else `SURVEY_MCP_OTLP_ENDPOINT`; off when neither. */
export function resolveSpanExport(flags: SpanExportFlags, env = process.env): SpanExportSettings | undefined {
  const variable = env.SURVEY_MCP_OTLP_ENDPOINT || undefined;
  const url = flags.otlpEndpoint ?? (variable === undefined ? undefined : parseOtlpEndpoint('SURVEY_MCP_OTLP_ENDPOINT', variable));
  if (url === undefined) {
    if (flags.otlpSampleRatio !== undefined) throw new ConfigError('--otlp-sample-ratio needs --otlp-endpoint (or SURVEY_MCP_OTLP_ENDPOINT): without a collector no span is exported');
    return undefined;
  }
  return { url, sampleRatio: flags.otlpSampleRatio ?? defaultOtlpSampleRatio };
}
