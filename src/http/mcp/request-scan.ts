import { requestShapeLimits, violationOf, type RequestShapeLimits, type ShapeViolation } from './request-shape.js';

/** What the scan learnt of a body over a limit: the violation, and the id of each message. */
export interface ScannedViolation {
  readonly violation: ShapeViolation;
  /** Top-level messages' ids as sent (undefined where a message had none, or it was past the violation). */
  readonly ids: ReadonlyArray<string | number | null>;
  readonly batch: boolean;
}

interface Frame {
  readonly array: boolean;
  count: number;
  /** Object frames: where the current key's JSON text starts and ends (its quotes included). */
  keyStart: number;
  keyEnd: number;
  /** Array: a value may start. Object: a key may start (`key`) or a value (`value`). */
  expecting: 'key' | 'value' | 'none';
}

const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

class Stop {
  constructor(
    readonly limit: keyof RequestShapeLimits,
    readonly path: ReadonlyArray<string | number>,
  ) {}
}

/**
 * The request-shape limits checked on the body's bytes, before `JSON.parse` builds anything:
 * one pass that stops at the first limit crossed, so a body far over the limits (60,000 keys in
 * `_meta`) costs about a millisecond per MiB instead of a parse and a walk. Counts as the walk
 * over the parsed body does (request-shape.ts); string lengths in UTF-16 units, as JavaScript
 * counts them once decoded (a byte that is no valid UTF-8 decodes to one). Text that is not JSON passes unless it crosses a limit first; `JSON.parse` then
 * refuses it.
 */
export function scanRequestShape(body: Buffer, limits: RequestShapeLimits = requestShapeLimits): ScannedViolation | undefined {
  if (tooSmallToCross(body, limits)) return undefined;
  const walked = walk(body, limits);
  if (!walked.stop) return undefined;
  // The refusal answers under each message's own top-level id, though it may come after the
  // limit crossed: one more pass, with no limit, reads them all.
  const { ids } = walk(body, unlimited);
  return { violation: violationOf(walked.stop.limit, walked.stop.path, limits), ids, batch: walked.batch };
}

/**
 * Whether `body` is too short, and has too few brackets, to cross any limit: most requests are a
 * few hundred bytes, and two native searches cost less than the walk over every byte.
 */
function tooSmallToCross(body: Buffer, limits: RequestShapeLimits): boolean {
  return body.length < fewestBytesToCross(limits) && bracketsAtMost(body, limits.depth);
}

/**
 * The fewest bytes a body needs to cross any limit but depth: a key takes at least 4 (`"":0`), an
 * array item 2 with its comma, and a string at least one byte a UTF-16 unit, quotes aside.
 */
function fewestBytesToCross(limits: RequestShapeLimits): number {
  return Math.min((limits.keysPerObject + 1) * 4, (limits.arrayItems + 1) * 2 - 1, (limits.values + 1) * 2 - 1, limits.stringLength + 3);
}

/** Whether the body holds at most `most` opening brackets, in strings or not: nesting can go no deeper. */
function bracketsAtMost(body: Buffer, most: number): boolean {
  let count = 0;
  for (const bracket of [OPEN_OBJECT, OPEN_ARRAY]) {
    for (let at = body.indexOf(bracket); at !== -1; at = body.indexOf(bracket, at + 1)) {
      if (++count > most) return false;
    }
  }
  return true;
}

const unlimited: RequestShapeLimits = { depth: Infinity, keysPerObject: Infinity, arrayItems: Infinity, values: Infinity, stringLength: Infinity };

/** One pass over the body: where it first crosses a limit, if it does, and the messages' ids read on the way. */
function walk(body: Buffer, limits: RequestShapeLimits): { stop?: Stop; ids: Array<string | number | null>; batch: boolean } {
  const stack: Frame[] = [];
  const ids: Array<string | number | null> = [];
  let batch = false;
  let values = 0;
  /** Where the value of a message's `id` key starts, while it is being read. */
  let idStart = -1;

  /** Where the value being read is, through the first `frames` frames (all by default). */
  const path = (frames = stack.length): Array<string | number> => {
    const segments: Array<string | number> = [];
    for (let f = 0; f < frames; f++) {
      const frame = stack[f]!;
      if (frame.array) segments.push(frame.count - 1);
      else if (frame.keyStart >= 0) segments.push(keyText(body, frame.keyStart, frame.keyEnd));
    }
    return segments;
  };

  /** A value starts in the current frame: an array item counts, as a key did in an object. */
  const startValue = (): void => {
    const frame = stack[stack.length - 1];
    if (!frame) return;
    if (frame.array) {
      if (frame.expecting !== 'value') return;
      frame.count++;
      if (frame.count > limits.arrayItems) throw new Stop('arrayItems', path(stack.length - 1));
      if (++values > limits.values) throw new Stop('values', path(stack.length - 1));
    }
    frame.expecting = 'none';
  };

  const endValue = (end: number): void => {
    if (idStart < 0) return;
    // A message's id: depth one below the message's object.
    ids[messageIndex()] = idValue(body, idStart, end);
    idStart = -1;
  };
  const messageIndex = () => (batch ? stack[0]!.count - 1 : 0);

  try {
    for (let i = 0; i < body.length; i++) {
      const byte = body[i]!;
      if (isSpace(byte)) continue;
      const frame = stack[stack.length - 1];
      switch (byte) {
        case OPEN_OBJECT:
        case OPEN_ARRAY: {
          if (stack.length === 0 && byte === OPEN_ARRAY) batch = true;
          startValue();
          idStart = -1;
          // A message is at depth 0; a batch's own array above it is not counted.
          if (stack.length - (batch ? 1 : 0) > limits.depth) throw new Stop('depth', path());
          stack.push({ array: byte === OPEN_ARRAY, count: 0, keyStart: -1, keyEnd: -1, expecting: byte === OPEN_ARRAY ? 'value' : 'key' });
          break;
        }
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          endValue(i);
          stack.pop();
          break;
        case COLON:
          if (frame && !frame.array) {
            frame.expecting = 'value';
            if (stack.length === (batch ? 2 : 1) && isIdKey(body, frame.keyStart, frame.keyEnd)) idStart = i + 1;
          }
          break;
        case COMMA:
          endValue(i);
          if (frame) frame.expecting = frame.array ? 'value' : 'key';
          break;
        case QUOTE: {
          const start = i;
          let units = 0;
          // Continuation bytes the last lead byte announced: only those add no character.
          let continuing = 0;
          i++;
          while (i < body.length && body[i] !== QUOTE) {
            const b = body[i]!;
            if (b === BACKSLASH) {
              // \uXXXX is one unit, as is any other escape.
              i += body[i + 1] === 0x75 ? 6 : 2;
              units++;
              continuing = 0;
              continue;
            }
            units += utf16Units(b, continuing);
            continuing = b >= 0x80 && b < 0xc0 ? Math.max(0, continuing - 1) : leadContinuations(b);
            i++;
          }
          const isKey = frame !== undefined && !frame.array && frame.expecting === 'key';
          if (isKey) {
            frame.count++;
            if (frame.count > limits.keysPerObject) throw new Stop('keysPerObject', path(stack.length - 1));
            if (++values > limits.values) throw new Stop('values', path(stack.length - 1));
            frame.keyStart = start;
            frame.keyEnd = i + 1;
            frame.expecting = 'none';
            if (units > limits.stringLength) throw new Stop('stringLength', path());
          } else {
            startValue();
            if (units > limits.stringLength) throw new Stop('stringLength', path());
          }
          break;
        }
        default:
          startValue();
      }
    }
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return { stop: error, ids, batch };
  }
  return { ids, batch };
}

/**
 * UTF-16 units a byte adds to a string as `toString('utf8')` decodes it: a four-byte lead two,
 * any other lead or ASCII one, an announced continuation none. An unannounced continuation byte
 * (or any invalid byte) decodes to U+FFFD, one unit: it must not pass uncounted.
 */
function utf16Units(byte: number, continuing: number): number {
  if (byte >= 0x80 && byte < 0xc0) return continuing > 0 ? 0 : 1;
  return byte >= 0xf0 && byte <= 0xf4 ? 2 : 1;
}

/** Continuation bytes a lead byte announces (none for ASCII or an invalid lead). */
function leadContinuations(byte: number): number {
  if (byte >= 0xc2 && byte <= 0xdf) return 1;
  if (byte >= 0xe0 && byte <= 0xef) return 2;
  if (byte >= 0xf0 && byte <= 0xf4) return 3;
  return 0;
}

/**
 * Whether the key at `start`..`end` (quotes included) is `id`: compared on the bytes, as every
 * top-level key of every request asks; only an escaped key is decoded first.
 */
function isIdKey(body: Buffer, start: number, end: number): boolean {
  const escape = body.indexOf(BACKSLASH, start);
  if (escape !== -1 && escape < end) return keyText(body, start, end) === 'id';
  return end - start === 4 && body[start + 1] === 0x69 && body[start + 2] === 0x64;
}

function keyText(body: Buffer, start: number, end: number): string {
  try {
    return JSON.parse(body.toString('utf8', start, end)) as string;
  } catch {
    return body.toString('utf8', start + 1, end - 1);
  }
}

function idValue(body: Buffer, start: number, end: number): string | number | null {
  try {
    const id: unknown = JSON.parse(body.toString('utf8', start, end));
    return typeof id === 'string' || typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}
