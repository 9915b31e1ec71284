/**
 * JSON.stringify for tool answers, in slices and within a budget. A large answer (thousands of
 * aggregates, a hundred responses of two hundred answers) costs tens of milliseconds to
 * serialise in one go, holding every other request; here arrays and objects are serialised an
 * element at a time, pacing between elements, and the work stops as soon as the text would pass
 * `budget`, so an answer too large to send is never serialised in full. Tool answers are plain
 * data (no cycles, shallow): the text equals `JSON.stringify(value)`.
 */
import { pacer, type Pace } from '../platform/pacing.js';

/** The JSON text of `value`, or undefined when it would be longer than `budget` characters. */
export async function answerJson(value: unknown, budget: number, pace: Pace = pacer()): Promise<string | undefined> {
  let used = 0;
  /** Counts each character once: leaves, keys and punctuation, never the composed text again. */
  const fits = (characters: number): boolean => (used += characters) <= budget;

  async function write(item: unknown): Promise<string | undefined> {
    if (item === null || typeof item !== 'object' || typeof (item as { toJSON?: unknown }).toJSON === 'function') {
      const text = JSON.stringify(item) ?? 'null';
      return fits(text.length) ? text : undefined;
    }
    const array = Array.isArray(item);
    const entries: Array<readonly [string | undefined, unknown]> = array ? item.map((element) => [undefined, element]) : Object.entries(item);
    const parts: string[] = [];
    for (const [key, element] of entries) {
      if (!array && (element === undefined || typeof element === 'function' || typeof element === 'symbol')) continue;
      const prefix = key === undefined ? '' : `${JSON.stringify(key)}:`;
      if (!fits(prefix.length + (parts.length > 0 ? 1 : 0))) return undefined;
      const text = await write(element);
      if (text === undefined) return undefined;
      parts.push(prefix + text);
      await pace();
    }
    return fits(2) ? (array ? `[${parts.join(',')}]` : `{${parts.join(',')}}`) : undefined;
  }

  return write(value);
}
