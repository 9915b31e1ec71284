/** Where `serve` listens and what its public URLs are: hosts, ports, origins, the stream GET. */
import { parseWholeNumber } from './parse.js';

export const defaultHost = '127.0.0.1';
export const defaultPort = 8787;
export const defaultAuthPort = 8788;


/**
 * The contract answers the stream GET with 404; the MCP transport spec (2025-11-25) says 405, and
 * strict clients (the MCP Inspector) treat anything else as a failed transport.
 */
export type StreamGetStatus = 404 | 405;

export const defaultStreamGetStatus: StreamGetStatus = 404;

export function parseStreamGetStatus(flag: string, value: string): StreamGetStatus {
  const trimmed = value.trim();
  if (trimmed === '404' || trimmed === '405') return Number(trimmed) as StreamGetStatus;
  throw new RangeError(
    `${flag} '${value}' must be 404 (the contract's answer, the default) or 405 (what strict clients such as the MCP Inspector accept)`,
  );
}

export function parsePort(flag: string, value: string): number {
  try {
    return parseWholeNumber(flag, value, { min: 0, max: 65535 });
  } catch {
    throw new RangeError(`${flag} '${value}' is not a port number (0 to 65535; 0 picks a free port)`);
  }
}

/** A browser origin such as `https://app.example.com` (scheme, host and port; no wildcard). */
export function parseOrigin(flag: string, value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value.replace(/\/$/, '')) {
    throw new RangeError(`${flag} '${value}' is not an origin: give scheme, host and port only, e.g. https://app.example.com`);
  }
  return url.origin;
}

/** An absolute http(s) URL with no trailing slash, query or fragment: issuer rules. */
export function parsePublicUrl(flag: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RangeError(`${flag} '${value}' is not an absolute URL, e.g. https://surveys.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new RangeError(`${flag} '${value}' must use https (or http for local use)`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new RangeError(`${flag} '${value}' must not carry a query, fragment or credentials`);
  }
  return url.href.replace(/\/+$/, '');
}

