import type { LogFormat, LogLevel } from './request-log.js';

/** Where `/metrics` listens: its own port, loopback unless told otherwise. */
export interface MetricsListen {
  readonly host: string;
  readonly port: number;
}

export interface ServerLogSettings {
  readonly format: LogFormat;
  readonly level: LogLevel;
}

export const defaultMetricsHost = '127.0.0.1';
export const defaultShutdownGraceMs = 10_000;
/** 90 days: long enough to answer "who closed this survey?" a quarter later. */
export const defaultAuditRetentionMs = 90 * 24 * 60 * 60 * 1000;

const logFormats = ['auto', 'json', 'pretty'] as const;
const logLevels: readonly LogLevel[] = ['info', 'warn', 'error', 'silent'];

/** `--log-format`: `json`, `pretty`, or `auto` (pretty on a terminal, JSON otherwise). */
export function parseLogFormat(flag: string, value: string, onTerminal = process.stdout.isTTY === true): LogFormat {
  const format = value.trim();
  if (!(logFormats as readonly string[]).includes(format)) {
    throw new RangeError(`${flag} '${value}' must be one of ${logFormats.join(', ')}`);
  }
  if (format === 'auto') return onTerminal ? 'pretty' : 'json';
  return format as LogFormat;
}

/** `--log-level`: `info` logs every request; `silent` turns the log off. */
export function parseLogLevel(flag: string, value: string): LogLevel {
  const level = value.trim();
  if (!(logLevels as readonly string[]).includes(level)) {
    throw new RangeError(`${flag} '${value}' must be one of ${logLevels.join(', ')}`);
  }
  return level as LogLevel;
}
