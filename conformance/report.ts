import type { Group, Level } from './groups.js';
import type { Exchange } from './http.js';

export type Status = 'pass' | 'fail' | 'warn' | 'skip';

/** One exchange as reported: secrets redacted, long bodies cut. */
export interface Evidence {
  readonly request: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody?: string;
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string>>;
  readonly responseBody: string;
}

export interface CheckResult {
  readonly id: string;
  readonly group: Group;
  readonly title: string;
  readonly spec: string;
  readonly level: Level;
  readonly status: Status;
  /** What was observed when it passed, or why it failed or was skipped. */
  readonly message: string;
  readonly durationMs: number;
  readonly evidence: readonly Evidence[];
  /** Exchanges left out of `evidence` to keep reports readable (the middle of a long run). */
  readonly omittedEvidence: number;
}

export interface Report {
  readonly target: string;
  /** The MCP eras the deployment was found to offer, e.g. `2026-07-28 only`; absent when no check asked. */
  readonly eras?: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly counts: Readonly<Record<Status, number>>;
  readonly results: readonly CheckResult[];
  /** Why the run ended before any check was judged (then `results` is empty). */
  readonly setupError?: string;
}

/** The report of a run that could not start: no results, and the reason in their place. */
export function setupErrorReport(target: string, startedAt: Date, message: string): Report {
  return {
    target,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    counts: countResults([]),
    results: [],
    setupError: message,
  };
}

export function countResults(results: readonly CheckResult[]): Record<Status, number> {
  const counts: Record<Status, number> = { pass: 0, fail: 0, warn: 0, skip: 0 };
  for (const result of results) counts[result.status] += 1;
  return counts;
}

const KEEP_FIRST = 4;
const KEEP_LAST = 8;
const MAX_BODY = 2000;

/** The first and last exchanges of a check (a rate-limit check may make hundreds). */
export function evidenceOf(exchanges: readonly Exchange[]): { evidence: Evidence[]; omitted: number } {
  const kept =
    exchanges.length <= KEEP_FIRST + KEEP_LAST
      ? exchanges
      : [...exchanges.slice(0, KEEP_FIRST), ...exchanges.slice(-KEEP_LAST)];
  return { evidence: kept.map(toEvidence), omitted: exchanges.length - kept.length };
}

function toEvidence({ request, response }: Exchange): Evidence {
  return {
    request: `${request.method} ${request.url}`,
    requestHeaders: redactHeaders(request.headers),
    ...(request.body === undefined ? {} : { requestBody: cut(redactBody(request.body)) }),
    status: response.status,
    responseHeaders: redactHeaders(response.headers),
    responseBody: cut(redactBody(response.body)),
  };
}

// Reports end up as CI artifacts: tokens, passwords and session cookies must not.
const SECRET_JSON = /("(?:access_token|refresh_token|id_token|client_secret|password)"\s*:\s*")[^"]*(")/g;
const SECRET_FORM = /((?:^|&)(?:password|access_token|refresh_token|token)=)[^&]*/g;

function redactBody(body: string): string {
  return body.replace(SECRET_JSON, '$1[redacted]$2').replace(SECRET_FORM, '$1[redacted]');
}

function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const redacted: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'authorization') redacted[name] = redactBearer(value);
    else if (name === 'cookie' || name === 'set-cookie') redacted[name] = '[redacted]';
    else redacted[name] = value;
  }
  return redacted;
}

/** Keeps a recognisable prefix, so evidence still tells a garbage token from a real one. */
function redactBearer(value: string): string {
  const match = value.match(/^Bearer (.+)$/i);
  if (!match?.[1] || match[1].length <= 12) return match ? value : '[redacted]';
  return `Bearer ${match[1].slice(0, 6)}… (${match[1].length} characters)`;
}

function cut(text: string): string {
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}… (${text.length - MAX_BODY} more characters)` : text;
}
