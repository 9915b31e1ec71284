/** `1.5 s`, `2 min 3 s`: how long a run took, for people. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  if (seconds < 60) return `${seconds} s`;
  // Whole seconds first, so 119.6 s reads 2 min 0 s, not 1 min 60 s.
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/** A check's time: most take milliseconds, which `0 s` would hide. */
export function formatCheckDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : formatDuration(ms);
}
