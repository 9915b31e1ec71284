import { fail, skip } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { erasToTry, type SpokenEra } from '../../each-era.js';
import { describeResponse } from '../../expect.js';
import type { Exchange } from '../../http.js';
import { isObject, toolErrorMessage, type BearerToken } from '../../mcp.js';
import { MODERN_REVISION } from '../../modern.js';
import { consentPageOf } from '../../sign-in.js';
import { callTool, FORM_ELICITATION, payloadOf, resultOf, type CallAnswer } from './calls.js';
import { booleanField, elicit, elicitationResult, type Reply } from './elicitation.js';
import { withScratchSurvey, type ScratchQuestion, type ScratchSurvey } from './scratch.js';

export type { Reply } from './elicitation.js';

/**
 * One way a deployment asks its person before a change that cannot be undone: 2026-07-28's
 * input-required result to a client that declared elicitation (basic/patterns/mrtr, SEP-2322),
 * 2025-11-25's elicitation/create request in the answer stream to a client that declared it in
 * initialize (client/elicitation), or, to a client that cannot ask its person (either era), a
 * tool error carrying a confirmation token for a repeated call (docs/tools.md).
 */
export interface Way {
  readonly era: SpokenEra;
  readonly kind: 'input request' | 'elicitation' | 'confirmation token';
  /** How failures name it, e.g. `2026-07-28 input request`. */
  readonly label: string;
  /** The elicitation capability declared in 2026-07-28 `_meta`, when not the one its kind implies (form for an input request, none for a token). */
  readonly declares?: Record<string, unknown>;
}

/** The first call's answer: what the person is asked, and what the repeated call must carry. */
export interface Asked {
  readonly way: Way;
  /** The plain words shown to the person (the elicitation's message, or the tool error's text). */
  readonly summary: string;
  /** requestState, or the confirmation token. */
  readonly seal: string;
  /** The input request's key and the boolean field of its form (input requests only). */
  readonly inputKey: string;
  readonly field: string;
  /** The token's expires_at as given (tokens only). */
  readonly expiresAt?: unknown;
  /**
   * The page where the person confirms what their client cannot ask them (the token error's
   * `confirm_url`, docs/tools.md), when the deployment offers one; `confirmed` once the runner, as
   * the person, pressed its approve button.
   */
  readonly page?: { readonly url: URL; confirmed: boolean };
  /** Answers the 2025-11-25 elicitation still open in the stream (elicitation only: nothing sealed travels). */
  readonly respond?: (reply: Reply) => Promise<CallAnswer>;
}

const TOOL = 'delete_question';

/** Every way the deployment offers: in each era the token and the era's own way of asking (`sealed`: only those where the client holds a seal). */
export async function waysToTry(ctx: CheckContext, sealed = false): Promise<Way[]> {
  const ways: Way[] = [];
  for (const era of await erasToTry(ctx)) {
    if (era === MODERN_REVISION) ways.push({ era, kind: 'input request', label: `${era} input request` });
    ways.push({ era, kind: 'confirmation token', label: `${era} confirmation token` });
    if (era !== MODERN_REVISION && !sealed) ways.push({ era, kind: 'elicitation', label: `${era} elicitation` });
  }
  return ways;
}

/** The first delete_question of `question`: it must ask, in the form of `way`. */
export async function ask(ctx: CheckContext, way: Way, question: ScratchQuestion): Promise<Asked> {
  const what = `${way.label}: ${TOOL} "${question.id}" (no confirmation yet)`;
  if (way.kind === 'elicitation') {
    const { summary, field, respond } = await elicit(ctx, TOOL, question, what);
    return { way, summary, seal: '', inputKey: '', field, respond };
  }
  const answer = await callTool(ctx, way.era, { name: TOOL, arguments: { question_id: question.id } }, declared(way));
  const result = resultOf(answer, what);
  return way.kind === 'input request' ? inputRequest(way, result, what) : tokenError(way, result, what);
}

/** The elicitation capability `way`'s client declares in 2026-07-28 `_meta`. */
function declared(way: Way): Record<string, unknown> | undefined {
  return way.declares ?? (way.kind === 'input request' ? FORM_ELICITATION : undefined);
}

function inputRequest(way: Way, result: Record<string, unknown>, what: string): Asked {
  if (result['resultType'] !== 'input_required') fail(`${what}: "resultType" is ${JSON.stringify(result['resultType'])}, not "input_required"`);
  const seal = result['requestState'];
  if (typeof seal !== 'string' || seal === '') fail(`${what}: the input-required result has no "requestState"`);
  const requests = isObject(result['inputRequests']) ? Object.entries(result['inputRequests']) : [];
  const found = requests.find(([, request]) => isObject(request) && request['method'] === 'elicitation/create');
  if (!found) fail(`${what}: "inputRequests" holds no elicitation/create request: ${JSON.stringify(result['inputRequests'])?.slice(0, 200)}`);
  const [inputKey, request] = found as [string, Record<string, unknown>];
  const params = isObject(request['params']) ? request['params'] : {};
  if (params['mode'] !== undefined && params['mode'] !== 'form') fail(`${what}: the elicitation's mode is ${JSON.stringify(params['mode'])}, not "form"`);
  const field = booleanField(params);
  if (field === undefined) fail(`${what}: the elicitation's requestedSchema has no boolean field to confirm with: ${JSON.stringify(params['requestedSchema'])?.slice(0, 200)}`);
  return { way, summary: String(params['message'] ?? ''), seal, inputKey, field };
}

function tokenError(way: Way, result: Record<string, unknown> & { isError?: boolean }, what: string): Asked {
  if (result['resultType'] === 'input_required') {
    // A client that declared URL mode may be sent to a page (MCP client/elicitation, URL mode): never a form.
    const url = way.declares?.['url'] !== undefined ? urlInputRequest(way, result) : undefined;
    if (url) return url;
    const declaration = way.declares ? `declared elicitation ${JSON.stringify(way.declares)}, no form mode` : 'declared no elicitation';
    fail(`${what}: answered an input request, though the client ${declaration}; expected a tool error with a confirmation token${way.declares?.['url'] !== undefined ? ' or a URL-mode elicitation' : ''}`);
  }
  if (result.isError !== true) fail(`${what}: the result is not a tool error (isError: true) asking for confirmation; was the change made at once?`);
  const summary = toolErrorMessage(result) ?? '';
  const payload = payloadOf(result) ?? {};
  const seal = payload['confirmation_token'];
  if (!summary.startsWith('confirmation required: ') || typeof seal !== 'string' || seal === '') {
    fail(`${what}: expected a tool error "confirmation required: …" with a "confirmation_token", got ${JSON.stringify(payload).slice(0, 200)}`);
  }
  const page = typeof payload['confirm_url'] === 'string' && URL.canParse(payload['confirm_url']) ? { url: new URL(payload['confirm_url']), confirmed: false } : undefined;
  return { way, summary, seal, inputKey: '', field: '', expiresAt: payload['expires_at'], ...(page ? { page } : {}) };
}

/** An input request whose every elicitation is URL mode with a URL: what a client that declared URL mode alone may get instead of the token. */
function urlInputRequest(way: Way, result: Record<string, unknown>): Asked | undefined {
  const requests = isObject(result['inputRequests']) ? Object.values(result['inputRequests']).filter(isObject) : [];
  const params = requests.map((request) => (isObject(request['params']) ? request['params'] : {}));
  const seal = result['requestState'];
  if (params.length === 0 || typeof seal !== 'string' || !params.every((each) => each['mode'] === 'url' && typeof each['url'] === 'string')) return undefined;
  return { way, summary: String(params[0]!['message'] ?? ''), seal, inputKey: '', field: '' };
}

/**
 * The person confirms on the deployment's page, once, as the runner signed in: only then may the
 * repeated call with the token apply the change. With a browser sign-in the person would have to
 * click there themselves, so the check skips.
 */
export async function confirmOnPage(ctx: CheckContext, asked: Asked): Promise<void> {
  const { page } = asked;
  if (!page || page.confirmed) return;
  const confirm = ctx.signIn().confirmOnPage;
  if (!confirm) skip(`${asked.way.label}: the deployment's person confirms on ${page.url.origin}${page.url.pathname}, which only a headless sign-in (--user, --password) can press for them`);
  const outcome = await confirm(page.url);
  if (outcome.kind !== 'page' || outcome.exchange.response.status !== 200) {
    fail(`${asked.way.label}: confirming on the page ${page.url.origin}${page.url.pathname} did not end on a page answered HTTP 200 (${outcome.kind === 'page' ? `HTTP ${outcome.exchange.response.status}` : outcome.kind})`);
  }
  page.confirmed = true;
}

/**
 * The person refuses on the deployment's page ("Don't do it", docs/tools.md), as the runner signed
 * in: the page must answer 200, not an error page. Resolves to the page as it was shown before the
 * refusal (a tab the person may still have open), or undefined where there is no page, or a
 * person in a browser decides alone.
 */
export async function declineOnPage(ctx: CheckContext, asked: Asked): Promise<Exchange | undefined> {
  const { page } = asked;
  const decline = ctx.signIn().declineOnPage;
  if (!page || !decline) return undefined;
  const outcome = await decline(page.url);
  const where = `${asked.way.label}: refusing on the page ${page.url.origin}${page.url.pathname}`;
  if (outcome.kind !== 'page' || outcome.exchange.response.status !== 200) {
    fail(`${where} did not end on a page answered HTTP 200 (${outcome.kind === 'page' ? describeResponse(outcome.exchange) : outcome.kind})`);
  }
  const shown = consentPageOf(outcome.exchanges);
  if (!shown) fail(`${where}: the runner saw no page with a button to confirm on`);
  return shown;
}

/**
 * The repeated call for `question` with what `asked` gave (its seal, or `seal` instead): in an
 * input request with the person's `reply`, else with the confirmation token; sent by the runner's
 * own client, or by the one `token` belongs to.
 */
export async function answer(ctx: CheckContext, asked: Asked, question: ScratchQuestion, reply: Reply = 'confirm', seal = asked.seal, token?: BearerToken): Promise<CallAnswer> {
  const { way } = asked;
  if (asked.respond) return asked.respond(reply);
  if (way.kind === 'confirmation token') {
    // The person's own yes, where the deployment asks for it on its page: not for a seal the runner altered or moved.
    if (reply === 'confirm' && seal === asked.seal && token === undefined) await confirmOnPage(ctx, asked);
    return callTool(ctx, way.era, { name: TOOL, arguments: { question_id: question.id, confirmation_token: seal } }, declared(way), token);
  }
  const inputResponses = { [asked.inputKey]: elicitationResult(reply, asked.field) };
  return callTool(ctx, way.era, { name: TOOL, arguments: { question_id: question.id }, inputResponses, requestState: seal }, declared(way), token);
}

/** The change went through: a complete result that is not a tool error. */
export function expectApplied(asked: Asked, outcome: CallAnswer, what: string): void {
  const result = resultOf(outcome, `${asked.way.label}: ${what}`);
  if (result.isError === true) fail(`${asked.way.label}: ${what}: tool error "${toolErrorMessage(result) ?? JSON.stringify(result.content)}"`);
  if (asked.way.era === MODERN_REVISION && result['resultType'] !== 'complete') {
    fail(`${asked.way.label}: ${what}: "resultType" is ${JSON.stringify(result['resultType'])}, not "complete"`);
  }
}

/**
 * The repeated call was refused as its era says: JSON-RPC error -32602 for a requestState that
 * does not hold (SEP-2322, `sep-2322-reject-tampered-state`), a tool error
 * "validation failed: confirmation_token …" for a token.
 */
export function expectRefused(asked: Asked, outcome: CallAnswer, what: string): string {
  const where = `${asked.way.label}: ${what}`;
  if (asked.way.kind === 'input request') {
    const error = outcome.message?.error;
    if (error?.code !== -32602) fail(`${where}: expected JSON-RPC error -32602, got ${describeResponse(outcome.exchange)}`);
    return `${asked.way.label}: -32602 "${error.message}"`;
  }
  const result = resultOf(outcome, where);
  const message = result.isError === true ? toolErrorMessage(result) : undefined;
  if (!message?.startsWith('validation failed: confirmation_token')) {
    fail(`${where}: expected a tool error "validation failed: confirmation_token …", got ${message === undefined ? 'a result that is not a tool error' : `"${message}"`}`);
  }
  return `${asked.way.label}: "${message}"`;
}

/**
 * Runs `work` once in every way the deployment offers, each on its own scratch survey; resolves to
 * the accounts, one per way. A failure names the way it was seen in. `sealed` walks only the ways
 * where the client holds what seals the confirmation (a requestState, a token): what a replay,
 * another call or an alteration needs.
 */
export async function inEachWay(ctx: CheckContext, work: (way: Way, survey: ScratchSurvey) => Promise<string>, sealed = false): Promise<string> {
  const accounts: string[] = [];
  for (const way of await waysToTry(ctx, sealed)) accounts.push(await withScratchSurvey(ctx, way.era, (survey) => work(way, survey)));
  return accounts.join('; ');
}
