import { fail } from './check.js';
import type { CheckContext } from './context.js';
import { LEGACY_REVISION, offeredEras, type EraRequestOptions } from './eras.js';
import type { Exchange } from './http.js';
import { initializeParams, type BearerToken, type JsonRpcResponse } from './mcp.js';
import { MODERN_REVISION } from './modern.js';

/** An MCP era the runner speaks to a deployment. */
export type SpokenEra = typeof LEGACY_REVISION | typeof MODERN_REVISION;

/**
 * Every era the deployment offers that `--protocol` allows, in order: a rule that binds both eras
 * (bearer refusals, tool errors, rate limits, revocation) is tried in each, not only in one.
 */
export async function spokenEras(ctx: CheckContext): Promise<SpokenEra[]> {
  const offered = await offeredEras(ctx);
  return allowedEras(ctx).filter((era) => (era === LEGACY_REVISION ? offered.legacy : offered.modern));
}

/**
 * The eras a refusal of a request without a usable token is tried in: those offered when a person
 * signs in to tell, else both, since the bearer check comes before any era is decided (section
 * 5.4: every request to the MCP endpoint; the design's protocol-eras decision 4).
 */
export async function refusalEras(ctx: CheckContext): Promise<SpokenEra[]> {
  if (!ctx.settings.signIn) return allowedEras(ctx);
  const offered = await spokenEras(ctx).catch((): SpokenEra[] => []);
  return offered.length > 0 ? offered : allowedEras(ctx);
}

/** `spokenEras` for a check that must try at least one: none is a failure, never a vacuous pass. */
export async function erasToTry(ctx: CheckContext): Promise<SpokenEra[]> {
  const eras = await spokenEras(ctx);
  if (eras.length === 0) fail(`the deployment speaks no MCP era this run asks for (--protocol ${ctx.settings.protocol})`);
  return eras;
}

function allowedEras(ctx: CheckContext): SpokenEra[] {
  const { protocol } = ctx.settings;
  return [LEGACY_REVISION, MODERN_REVISION].filter((era): era is SpokenEra => protocol === 'auto' || protocol === era);
}

/**
 * One request in `era` with `token` (undefined: no Authorization): as is in 2025-11-25 (after
 * initialize where the check connected first), in the `_meta` envelope in 2026-07-28.
 */
export async function requestIn(
  ctx: CheckContext,
  era: SpokenEra,
  token: BearerToken | undefined,
  method: string,
  params: Record<string, unknown> = {},
  options: EraRequestOptions = {},
): Promise<{ exchange: Exchange; message: JsonRpcResponse | undefined }> {
  if (era === LEGACY_REVISION) return ctx.mcp.request(token, method, params, options);
  const anonymous = token === undefined ? { headers: { authorization: undefined } } : {};
  return ctx.modern.request(token ?? '', method, params, { ...options, ...anonymous });
}

/** The request a client opens with in `era`: initialize, or server/discover. */
export async function openingRequest(ctx: CheckContext, era: SpokenEra, token: string | undefined): Promise<Exchange> {
  const [method, params] = era === LEGACY_REVISION ? ['initialize', initializeParams()] : ['server/discover', {}];
  return (await requestIn(ctx, era, token, method, params)).exchange;
}

/** The cheapest request in `era`: ping, or server/discover. */
export async function cheapestRequest(ctx: CheckContext, era: SpokenEra, token: string | undefined, options: EraRequestOptions = {}): Promise<Exchange> {
  return (await requestIn(ctx, era, token, era === LEGACY_REVISION ? 'ping' : 'server/discover', {}, options)).exchange;
}

/**
 * Sends each era's opening request with `token` (undefined: none) in every era a refusal is tried
 * in (`refusalEras`), and lets `judge` read each answer, named `<era>: <method> <label>`. Resolves
 * to the accounts, one per era.
 */
export async function refusedInEachEra(
  ctx: CheckContext,
  token: string | undefined,
  label: string,
  judge: (exchange: Exchange, what: string) => string,
): Promise<string> {
  const accounts: string[] = [];
  for (const era of await refusalEras(ctx)) {
    const exchange = await openingRequest(ctx, era, token);
    accounts.push(`${era}: ${judge(exchange, `${era}: ${era === LEGACY_REVISION ? 'initialize' : 'server/discover'} ${label}`)}`);
  }
  return accounts.join('; ');
}
