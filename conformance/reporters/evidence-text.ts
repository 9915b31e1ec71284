import type { Evidence } from '../report.js';

// The headers that explain a verdict; the JSON report keeps all of them.
const TELLING_HEADERS = [
  'location',
  'content-type',
  'www-authenticate',
  'retry-after',
  'cache-control',
  'access-control-allow-origin',
];

/** An exchange as a few readable lines: request, status with telling headers, body excerpt. */
export function evidenceLines(evidence: Evidence, bodyMax: number): string[] {
  const headers = tellingHeaders(evidence.responseHeaders).map(([name, value]) => `${name}: ${value}`);
  const lines = [`> ${evidence.request}`];
  if (evidence.requestHeaders['authorization']) lines.push(`  authorization: ${evidence.requestHeaders['authorization']}`);
  if (evidence.requestBody) lines.push(`  ${shorten(evidence.requestBody, bodyMax)}`);
  lines.push(`< HTTP ${evidence.status}${headers.length > 0 ? `  ${headers.join('  ')}` : ''}`);
  if (evidence.responseBody.trim() !== '') lines.push(`  ${shorten(evidence.responseBody, bodyMax)}`);
  return lines;
}

/** The response headers that explain a verdict, in the order the deployment sent them. */
export function tellingHeaders(headers: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(headers).filter(([name]) => TELLING_HEADERS.includes(name) || name.startsWith('x-ratelimit-'));
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
