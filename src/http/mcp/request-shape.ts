export type RequestShapeLimits = Readonly<Record<'depth' | 'keysPerObject' | 'arrayItems' | 'values' | 'stringLength', number>>;

/**
 * Limits on the shape of a parsed JSON-RPC body, checked in one pass before anything else reads
 * it: the SDK's zod schemas copy every key of `_meta` and `arguments` several times over (a
 * 60,000-key `_meta` cost ~200 ms a request), and deep nesting overflows the stack of any
 * recursive reader. Generous for every real call: the largest, `create_survey` with 200
 * questions of 50 choices, is depth 7 and about 11,000 values.
 */
export const requestShapeLimits: RequestShapeLimits = {
  /** Objects and arrays nested inside one message (`params.arguments.questions[0].choices` is 5). */
  depth: 32,
  /** Keys of one object (`_meta`, `arguments` or any object inside them). */
  keysPerObject: 256,
  /** Items of one array. */
  arrayItems: 1_000,
  /** Object keys and array items of the whole body, together. */
  values: 20_000,
  /** Characters of one string or key. */
  stringLength: 65_536,
};

/** A body over one limit: which one, where (a path such as `params._meta`), and the message to send. */
export interface ShapeViolation {
  readonly limit: keyof RequestShapeLimits;
  readonly max: number;
  readonly path: string;
  readonly message: string;
}

class Violation {
  constructor(
    readonly limit: keyof RequestShapeLimits,
    readonly path: readonly (string | number)[],
  ) {}
}

const describe: Record<keyof RequestShapeLimits, (max: number) => string> = {
  depth: (max) => `is nested deeper than ${max} levels`,
  keysPerObject: (max) => `has more than ${max} keys`,
  arrayItems: (max) => `has more than ${max} items`,
  values: (max) => `takes the body past ${max.toLocaleString('en')} keys and items in all`,
  stringLength: (max) => `is longer than ${max.toLocaleString('en')} characters`,
};

const identifier = /^[A-Za-z_$][\w$]*$/;

/** `params._meta`, `[3].params.arguments["a b"]`: where a violation is, as a reader writes it. */
function pathText(path: readonly (string | number)[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (identifier.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment.length > 40 ? `${segment.slice(0, 40)}…` : segment)}]`;
  }
  return text === '' ? 'the message' : text;
}

/**
 * The first limit `body` (a single message or a batch) goes over, or undefined. It stops at the
 * first violation, so its cost is bounded by the limits, not by the body: at most `values`
 * keys and items visited, never deeper than `depth`.
 */
export function shapeViolation(body: unknown, limits: RequestShapeLimits = requestShapeLimits): ShapeViolation | undefined {
  let values = 0;
  const path: (string | number)[] = [];

  const visit = (value: unknown, depth: number): void => {
    if (typeof value === 'string') {
      if (value.length > limits.stringLength) throw new Violation('stringLength', path);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    if (depth > limits.depth) throw new Violation('depth', path);
    if (Array.isArray(value)) {
      if (value.length > limits.arrayItems) throw new Violation('arrayItems', path);
      values += value.length;
      if (values > limits.values) throw new Violation('values', path);
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        visit(value[i], depth + 1);
        path.pop();
      }
      return;
    }
    let keys = 0;
    for (const key in value) {
      if (++keys > limits.keysPerObject) throw new Violation('keysPerObject', path);
      if (++values > limits.values) throw new Violation('values', path);
      path.push(key);
      if (key.length > limits.stringLength) throw new Violation('stringLength', path);
      visit((value as Record<string, unknown>)[key], depth + 1);
      path.pop();
    }
  };

  try {
    // A batch's messages each start at depth 0, as a single message does.
    if (Array.isArray(body)) {
      if (body.length > limits.arrayItems) throw new Violation('arrayItems', path);
      values += body.length;
      for (let i = 0; i < body.length; i++) {
        path.push(i);
        visit(body[i], 0);
        path.pop();
      }
    } else {
      visit(body, 0);
    }
  } catch (error) {
    if (!(error instanceof Violation)) throw error;
    const max = limits[error.limit];
    const where = pathText(error.path);
    return {
      limit: error.limit,
      max,
      path: where,
      message: `Invalid params: ${where} ${describe[error.limit](max)} (request limit ${error.limit} = ${max})`,
    };
  }
  return undefined;
}
