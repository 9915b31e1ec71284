/**
 * JSON.stringify for tool answers, in slices and within a budget. A large answer (thousands of
 * aggregates, a hundred responses of two hundred answers) costs tens of milliseconds to
 * serialise in one go, holding every other request. Here a part of the answer small enough
 * (`sliceChars`) is serialised at once, as most whole answers are; a larger one is walked an
 * element at a time, pacing between elements, and the work stops as soon as the text would pass
 * `budget`, so an answer too large to send is never serialised in full. Tool answers are plain
 * data (no cycles): the text equals `JSON.stringify(value)`.
 */
import { pacer, type Pace } from '../platform/pacing.js';

/** About a millisecond of JSON.stringify. */
const sliceChars = 64 * 1024;

const isLeaf = (item: unknown): boolean =>
  item === null || typeof item !== 'object' || typeof (item as { toJSON?: unknown }).toJSON === 'function';

/** Roughly the length of `item` as JSON, counted without allocating, and only until it passes `limit`. */
function sizeUpTo(item: unknown, limit: number): number {
  let size = 0;
  const pending: unknown[] = [item];
  while (pending.length > 0 && size <= limit) {
    const next = pending.pop();
    if (typeof next === 'string') size += next.length + 2;
    else if (isLeaf(next)) size += 24;
    else if (Array.isArray(next)) {
      size += next.length + 2;
      for (const element of next) pending.push(element);
    } else {
      for (const [key, value] of Object.entries(next as object)) {
        size += key.length + 4;
        pending.push(value);
      }
    }
  }
  return size;
}

/** The JSON text of `value`, or undefined when it would be longer than `budget` characters. */
export async function answerJson(value: unknown, budget: number, pace: Pace = pacer()): Promise<string | undefined> {
  let used = 0;
  /** Counts each character once: whole small parts, keys and punctuation, never composed text again. */
  const fits = (characters: number): boolean => (used += characters) <= budget;

  async function write(item: unknown): Promise<string | undefined> {
    if (isLeaf(item) || sizeUpTo(item, sliceChars) <= sliceChars) {
      const text = JSON.stringify(item) ?? 'null';
      await pace();
      return fits(text.length) ? text : undefined;
    }
    const array = Array.isArray(item);
    const entries: Array<readonly [string | undefined, unknown]> = array
      ? (item as unknown[]).map((element) => [undefined, element])
      : Object.entries(item as object);
    const parts: string[] = [];
    for (const [key, element] of entries) {
      if (!array && (element === undefined || typeof element === 'function' || typeof element === 'symbol')) continue;
      const prefix = key === undefined ? '' : `${JSON.stringify(key)}:`;
      if (!fits(prefix.length + (parts.length > 0 ? 1 : 0))) return undefined;
      const text = await write(element);
      if (text === undefined) return undefined;
      parts.push(prefix + text);
    }
    return fits(2) ? (array ? `[${parts.join(',')}]` : `{${parts.join(',')}}`) : undefined;
  }

  return write(value);
}
