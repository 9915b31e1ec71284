export type RequestShapeLimits = Readonly<Record<'depth' | 'keysPerObject' | 'arrayItems' | 'values' | 'stringLength', number>>;

/**
 * Limits on the shape of a JSON-RPC body, checked on its bytes before anything else reads it
 * (request-scan.ts): the SDK's zod schemas copy every key of `_meta` and `arguments` several times over (a
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
  /** Characters (UTF-16 units, as JavaScript counts them) of one string or key. */
  stringLength: 65_536,
};

/** A body over one limit: which one, where (a path such as `params._meta`), and the message to send. */
export interface ShapeViolation {
  readonly limit: keyof RequestShapeLimits;
  readonly max: number;
  readonly path: string;
  readonly message: string;
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
    else if (identifier.test(segment) && segment.length <= 40) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment.length > 40 ? `${segment.slice(0, 40)}…` : segment)}]`;
  }
  return text === '' ? 'the message' : text;
}

/** The violation of `limit` at `path`, with the message a client is sent. */
export function violationOf(limit: keyof RequestShapeLimits, path: ReadonlyArray<string | number>, limits: RequestShapeLimits): ShapeViolation {
  const max = limits[limit];
  const where = pathText(path);
  return { limit, max, path: where, message: `Invalid params: ${where} ${describe[limit](max)} (request limit ${limit} = ${max})` };
}
