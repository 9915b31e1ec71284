/** `--since`: an ISO date or time, or a span back from now such as 30m, 24h or 7d. */
export function parseSince(flag: string, value: string, nowMs = Date.now()): number {
  const span = /^(\d+)([mhd])$/.exec(value.trim());
  if (span) return nowMs - Number(span[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[span[2] as 'm' | 'h' | 'd'];
  const at = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value.trim()) || Number.isNaN(at)) {
    throw new RangeError(`${flag} '${value.slice(0, 40)}' is not a time: give an ISO date such as 2026-11-01 (or 2026-11-01T09:00:00Z), or a span back from now such as 30m, 24h or 7d`);
  }
  return at;
}
