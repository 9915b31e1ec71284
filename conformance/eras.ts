import { eraOf, fail, skip, type Check, type Era } from './check.js';
import type { CheckContext } from './context.js';
import { describeResponse } from './expect.js';
import type { Exchange, SendingOptions } from './http.js';
import { isObject, type JsonRpcResponse } from './mcp.js';
import { MODERN_REVISION } from './modern.js';

/** How a request of an era is sent. */
export interface EraRequestOptions extends SendingOptions {
  /** Off for the rate-limit checks, which look for the 429. */
  readonly waitOutRateLimit?: boolean;
}

/** The revision the initialize-based checks speak. */
export const LEGACY_REVISION = '2025-11-25';

/** Which MCP eras a deployment answers, and what each probe got, for the report and for skips. */
export interface OfferedEras {
  readonly legacy: boolean;
  readonly modern: boolean;
  /** What `initialize` got, e.g. `HTTP 200, protocol 2025-06-18`. */
  readonly legacyAnswer: string;
  /** What `server/discover` got. */
  readonly modernAnswer: string;
  /**
   * Why an era's absence is itself a violation, when it is: the deployment served the era yet
   * its own discovery left it out. The era's checks fail with this instead of skipping.
   */
  readonly legacyBroken?: string;
  readonly modernBroken?: string;
}

/**
 * Asks the deployment once per run, with the main token, which eras it speaks: `server/discover`
 * for 2026-07-28, `initialize` for 2025-11-25. A legacy era counts as absent only when the modern
 * one answers and `initialize` is refused at the HTTP level (basic/versioning, "Compatibility
 * Matrix": a modern-only server rejects it with 400), so a broken `initialize` on a server that
 * offers no other era, or one answered with a server error (5xx), still fails its checks rather
 * than being skipped.
 *
 * A skip must rest on evidence that the era is absent, never on a violation: a `server/discover`
 * answered with a result (HTTP 200 to a request sent as 2026-07-28, which a server without that
 * era refuses) serves the era even when its supportedVersions leaves it out, and a discovery that
 * lists 2025-11-25 beside a refused `initialize` contradicts itself. Both are failures.
 * `initialize` goes first, where no 2026-07-28 request can have changed its fate: a deployment
 * that answers it only until a client has spoken 2026-07-28 is found to offer 2025-11-25, and its
 * checks, which initialize again, fail instead of skipping.
 */
export function offeredEras(ctx: CheckContext): Promise<OfferedEras> {
  return ctx.once('find the MCP eras the deployment offers', async () => {
    const token = await ctx.accessToken();
    // initialize first: a refusal then owes nothing to a 2026-07-28 request made before it.
    const initialize = await ctx.mcp.initialize(token);
    const discover = await ctx.modern.request(token, 'server/discover');
    const versions = discover.message?.result?.['supportedVersions'];
    const listed = (version: string): boolean => Array.isArray(versions) && versions.includes(version);
    const served = listed(MODERN_REVISION) ? undefined : await modernServed(ctx, token, discover);
    const version = initialize.message?.result?.['protocolVersion'];
    // A refusal is a 4xx (basic/versioning: a modern-only server rejects initialize with 400); a
    // 5xx is a server error, no evidence that the era is absent, so its checks run and fail.
    const status = initialize.exchange.response.status;
    // 401 and 403 judge the token, not the era: no evidence either way, so its checks run.
    const refused = status >= 400 && status < 500 && status !== 401 && status !== 403 && !isObject(initialize.message?.result);
    const modern = listed(MODERN_REVISION) || served !== undefined;
    const legacy = typeof version === 'string' || !modern || !refused;
    const discovered = `server/discover answered supportedVersions ${JSON.stringify(versions)}`;
    return {
      modern,
      legacy,
      modernAnswer: listed(MODERN_REVISION) ? `supportedVersions ${JSON.stringify(versions)}` : describeResponse(discover.exchange),
      legacyAnswer: typeof version === 'string' ? `protocol ${version}` : describeResponse(initialize.exchange),
      ...(served ? { modernBroken: `${served}, yet server/discover got ${describeResponse(discover.exchange)}, which does not list ${MODERN_REVISION}` } : {}),
      ...(!legacy && listed(LEGACY_REVISION)
        ? { legacyBroken: `${discovered}, listing ${LEGACY_REVISION}, yet initialize answered ${describeResponse(initialize.exchange)}` }
        : {}),
    };
  });
}

/**
 * How the deployment shows it serves 2026-07-28 although server/discover did not list it, or
 * undefined: a result to server/discover itself, or to tools/list, each sent as 2026-07-28 (a
 * server without the era refuses that version header with HTTP 400), or a refusal of
 * server/discover with an error code of that revision's own.
 */
async function modernServed(ctx: CheckContext, token: string, discover: { exchange: Exchange; message: JsonRpcResponse | undefined }): Promise<string | undefined> {
  const answered = (answer: typeof discover): boolean => answer.exchange.response.status === 200 && isObject(answer.message?.result);
  if (answered(discover)) return `server/discover, sent as ${MODERN_REVISION}, was answered with a result`;
  if (discover.message?.error?.code === HEADER_MISMATCH) {
    return `server/discover, sent as ${MODERN_REVISION}, was refused with JSON-RPC error ${HEADER_MISMATCH}, a code only that revision defines (its header rules judged the request)`;
  }
  const tools = await ctx.modern.request(token, 'tools/list');
  return answered(tools) ? `tools/list, sent as ${MODERN_REVISION}, was answered with a result` : undefined;
}

/**
 * 2026-07-28's HeaderMismatch (basic/transports/streamable-http): a server without that revision
 * never answers it, so a refusal with it shows the era served, its own discovery refused.
 */
const HEADER_MISMATCH = -32020;

/** One line for the report: `2025-11-25 and 2026-07-28`, `2026-07-28 only`, … */
export function describeEras(eras: OfferedEras): string {
  if (eras.legacy && eras.modern) return `${LEGACY_REVISION} and ${MODERN_REVISION}`;
  if (eras.modern) return `${MODERN_REVISION} only (initialize answered ${eras.legacyAnswer})`;
  return `${LEGACY_REVISION} only (server/discover answered ${eras.modernAnswer})`;
}

/**
 * Lets a check of one era run only where the deployment offers it. Under `--protocol auto` an
 * era the deployment does not offer skips the check, saying what the probe got; asked for by
 * name, its absence fails.
 */
export async function requireEra(ctx: CheckContext, era: Exclude<Era, 'any'>): Promise<void> {
  const eras = await offeredEras(ctx);
  const broken = era === MODERN_REVISION ? eras.modernBroken : eras.legacyBroken;
  if (broken) fail(`the deployment's own discovery is wrong, so this era's checks cannot be skipped: ${broken}`);
  const offered = era === MODERN_REVISION ? eras.modern : eras.legacy;
  if (offered) return;
  const why =
    era === MODERN_REVISION
      ? `the deployment does not speak ${MODERN_REVISION}: server/discover answered ${eras.modernAnswer}`
      : `the deployment does not speak ${LEGACY_REVISION}: initialize answered ${eras.legacyAnswer}, and it speaks ${MODERN_REVISION}`;
  return ctx.settings.protocol === 'auto' ? skip(why) : fail(why);
}

/** The era gate every check of one era passes first; era-free checks and those without a token pass straight through. */
export async function requireEraOf(check: Check, ctx: CheckContext): Promise<void> {
  const era = eraOf(check);
  if (era !== 'any' && check.needsSignIn) await requireEra(ctx, era);
}

/**
 * The report's line on eras, when the run asked: undefined when no selected check belongs to an
 * era, or when the probe itself could not be made (the checks that needed it say why).
 */
export async function reportedEras(ctx: CheckContext, checks: readonly Check[]): Promise<string | undefined> {
  if (!checks.some((check) => eraOf(check) !== 'any' && check.needsSignIn)) return undefined;
  return offeredEras(ctx).then(describeEras, () => undefined);
}

/**
 * The main token, ready for the checks of no era: after one `initialize` has agreed the version
 * where the deployment speaks 2025-11-25; as it is where it speaks 2026-07-28 alone (no initialize).
 */
export async function readyToken(ctx: CheckContext): Promise<string> {
  return (await offeredEras(ctx)).legacy ? ctx.connected() : ctx.accessToken();
}

/**
 * The cheapest MCP request with `token` (undefined: no Authorization) in an era the deployment
 * offers: 2025-11-25's `ping` where it speaks it, else `server/discover`, which every server of
 * 2026-07-28 answers. For the checks of no era, which must hold against a deployment of either.
 */
export async function tryToken(ctx: CheckContext, token: string | undefined, options: EraRequestOptions = {}): Promise<Exchange> {
  if ((await offeredEras(ctx)).legacy) return ctx.mcp.post(token, ctx.mcp.envelope('ping'), options);
  const anonymous = token === undefined ? { headers: { authorization: undefined } } : {};
  return (await ctx.modern.request(token ?? '', 'server/discover', {}, { ...options, ...anonymous })).exchange;
}

/** A tools/call of `name` (no arguments) with `token`, in the era tryToken would speak. */
export async function tryToolCall(ctx: CheckContext, token: string, name: string): Promise<Exchange> {
  if ((await offeredEras(ctx)).legacy) return (await ctx.mcp.callTool(token, name)).exchange;
  return (await ctx.modern.request(token, 'tools/call', { name, arguments: {} })).exchange;
}
