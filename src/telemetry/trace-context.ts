/** A W3C Trace Context `traceparent` (version 00), as a caller hands it on. */
export interface TraceParent {
  /** 32 lowercase hex digits, not all zeros. */
  readonly traceId: string;
  /** The caller's span: 16 lowercase hex digits, not all zeros. */
  readonly parentId: string;
  /** 2 hex digits; bit 0 says the caller sampled the trace. */
  readonly flags: string;
}

const traceparentPattern = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const zeroTraceId = '0'.repeat(32);
const zeroSpanId = '0'.repeat(16);

/**
 * A `traceparent` header or `_meta` value, or undefined for anything else: another version, upper
 * case, an all-zero id. A malformed one is ignored (W3C Trace Context, "restart the trace"), never
 * an error the request pays for.
 */
export function parseTraceparent(value: unknown): TraceParent | undefined {
  if (typeof value !== 'string') return undefined;
  const match = traceparentPattern.exec(value.trim());
  if (!match) return undefined;
  const [, traceId, parentId, flags] = match as unknown as [string, string, string, string];
  if (traceId === zeroTraceId || parentId === zeroSpanId) return undefined;
  return { traceId, parentId, flags };
}

/**
 * A `tracestate` as handed on, or undefined: W3C allows at most 32 `key=value` members (512
 * characters are what a vendor may count on) of printable ASCII; one that is not is dropped alone.
 */
export function parseTracestate(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 512) return undefined;
  const members = value.split(',').map((member) => member.trim()).filter((member) => member !== '');
  const member = /^[a-z0-9][a-z0-9_\-*/@]{0,255}=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;
  if (members.length === 0 || members.length > 32 || !members.every((entry) => member.test(entry))) return undefined;
  return members.join(',');
}

const hexOfByte = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * `digits` random hex digits (a multiple of 8) from `Math.random`, as OpenTelemetry's own id
 * generator makes them: an id names a span, it guards nothing. A trace and a span id cost ~0.4 µs
 * of CPU this way, against ~2 µs through `toString(16)` and ~6 µs from `crypto.randomBytes`
 * (measured on a loaded machine), which was the largest cost of span export.
 */
function randomHex(digits: number): string {
  let hex = '';
  for (let i = 0; i < digits; i += 8) {
    const word = (Math.random() * 0x1_0000_0000) >>> 0;
    hex += hexOfByte[word >>> 24]! + hexOfByte[(word >>> 16) & 255]! + hexOfByte[(word >>> 8) & 255]! + hexOfByte[word & 255]!;
  }
  return hex;
}

/** A new span id: 16 hex digits (all zeros, which W3C forbids, has a chance of 2⁻⁶⁴). */
export const newSpanId = (): string => randomHex(16);

/** A new trace id, for a trace this server starts: 32 hex digits. */
export const newTraceId = (): string => randomHex(32);
