/** What every concern's flags share: the whole-number parser and the cross-field error. */

/** A configuration that cannot run (a rule across fields): the CLI exits 2, as for a bad flag. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * The one parser of whole-number flags: digits only (no sign, exponent or fraction), within
 * `min`..`max`; the message names the flag, the value and the range in the flag's `unit`.
 */
export function parseWholeNumber(flag: string, value: string, range: { min: number; max: number; unit?: string }): number {
  const number = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || number < range.min || number > range.max) {
    const what = range.unit ? `whole ${range.unit}` : 'a whole number';
    const [min, max] = [range.min, range.max].map((bound) => bound.toLocaleString('en'));
    throw new RangeError(`${flag} '${value}' must be ${what} from ${min} to ${max}`);
  }
  return number;
}

