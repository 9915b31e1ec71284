/** An object as `JSON.parse` makes one: no class, no prototype of its own choosing. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
