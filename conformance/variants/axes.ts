/**
 * The axes a rule may hold over (docs/runner-variants.md): which client kind asks, with which grant,
 * presenting which kind of token, in which MCP era, to which host. A flow or table written once
 * runs for each value of the axes it binds; the others stay at their baseline.
 */
export const AXES = {
  /** DCR public client, CIMD public client, CIMD client authenticating with private_key_jwt. */
  client: ['dcr-public', 'cimd-public', 'cimd-jwt'],
  grant: ['code', 'refresh'],
  token: ['access', 'refresh'],
  era: ['2025-11-25', '2026-07-28'],
  host: ['mcp', 'auth'],
} as const;

export type AxisName = keyof typeof AXES;
export type AxisValue<A extends AxisName> = (typeof AXES)[A][number];
export type ClientKindName = AxisValue<'client'>;

/** A point of the axes a case is bound to; an axis left out stays at its baseline. */
export type Variant = { readonly [A in AxisName]?: AxisValue<A> };

/**
 * Where an unbound axis stands: the contract's DCR client and the code grant (the era baseline is
 * the newest the deployment offers, decided at run time by the era gate).
 */
export const BASELINE = { client: 'dcr-public', grant: 'code' } as const satisfies Variant;

export const AXIS_NAMES = Object.keys(AXES) as AxisName[];

/** `cimd-jwt+code`: the values in axis order, the suffix of a case id after `@`. */
export function variantId(variant: Variant): string {
  return AXIS_NAMES.flatMap((axis) => (variant[axis] === undefined ? [] : [variant[axis]])).join('+');
}

/** Every variant over `axes` (their product), in axis order; `values` narrows an axis. */
export function expandAxes(axes: readonly AxisName[], values: Partial<{ [A in AxisName]: readonly AxisValue<A>[] }> = {}): Variant[] {
  return axes.reduce<Variant[]>(
    (variants, axis) => variants.flatMap((variant) => (values[axis] ?? AXES[axis]).map((value) => ({ ...variant, [axis]: value }))),
    [{}],
  );
}
