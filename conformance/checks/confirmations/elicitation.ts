import { fail } from '../../check.js';
import type { TokenSet } from '../../client.js';
import type { CheckContext, Grant } from '../../context.js';
import { LEGACY_REVISION } from '../../eras.js';
import { describeResponse } from '../../expect.js';
import type { Exchange } from '../../http.js';
import { CLIENT_CAPABILITIES, initializeParams, isObject, jsonRpcOf, type BearerToken } from '../../mcp.js';
import type { CallAnswer } from './calls.js';
import type { ScratchQuestion } from './scratch.js';

/** What the person answers an elicitation: accept and confirm, accept without confirming, decline or cancel. */
export type Reply = 'confirm' | 'confirm false' | 'decline' | 'cancel';

/** The elicitation the deployment sent in the answer stream, and how to answer it. */
export interface Elicited {
  readonly summary: string;
  readonly field: string;
  /** Posts the person's answer and resolves to the tool call's own answer, once the stream ends. */
  respond(reply: Reply): Promise<CallAnswer>;
}

const HEADERS = { headers: { 'mcp-protocol-version': LEGACY_REVISION } };

/** The elicitation/create result for `reply`, with the form's boolean `field`. */
export function elicitationResult(reply: Reply, field: string): Record<string, unknown> {
  return reply === 'decline' || reply === 'cancel' ? { action: reply } : { action: 'accept', content: { [field]: reply === 'confirm' } };
}

/** The form's boolean field (the person's yes or no), from an elicitation's params; undefined when it has none. */
export function booleanField(params: Record<string, unknown>): string | undefined {
  const schema = isObject(params['requestedSchema']) ? params['requestedSchema'] : {};
  const properties = isObject(schema['properties']) ? Object.entries(schema['properties']) : [];
  return properties.find(([, property]) => isObject(property) && property['type'] === 'boolean')?.[0];
}

/**
 * The token of the runner's second client, the same person signed in through another OAuth
 * client, once a run; fresh for each send.
 */
function secondClientToken(ctx: CheckContext): Promise<BearerToken> {
  return ctx.once('sign in as a second client', async () => renewing(await ctx.authorize(await ctx.registerClient('survey-mcp conformance (elicitation)'))));
}

/**
 * The token of a client that declared elicitation in its initialize (2025-11-25,
 * client/elicitation), fresh for each send: the second client, so that what the deployment
 * remembers of the declaration (it is stateless: per person and client, as survey-mcp keeps it)
 * reaches no other check's requests.
 */
function elicitingToken(ctx: CheckContext): Promise<BearerToken> {
  return ctx.once('sign in as a client that declares elicitation', async () => {
    const token = await secondClientToken(ctx);
    const params = { ...initializeParams(LEGACY_REVISION), capabilities: { ...CLIENT_CAPABILITIES, elicitation: { form: {} } } };
    const { exchange, message } = await ctx.mcp.request(token, 'initialize', params, HEADERS);
    if (!isObject(message?.result)) fail(`${LEGACY_REVISION} elicitation: initialize declaring elicitation answered ${describeResponse(exchange)}`);
    return token;
  });
}

/** The token of another OAuth client of the same person, in `era` (2025-11-25: initialized, as the client that declares elicitation). */
export function otherClientToken(ctx: CheckContext, era: string): Promise<BearerToken> {
  return era === LEGACY_REVISION ? elicitingToken(ctx) : secondClientToken(ctx);
}

/** The grant's access token, renewed once half its life is gone: a deployment's tokens may live two seconds. */
function renewing(grant: Grant): BearerToken {
  let tokens: TokenSet = grant.tokens;
  return async () => {
    const lifetimeMs = (tokens.expiresIn ?? Infinity) * 1000;
    if (tokens.refreshToken && Date.now() - tokens.receivedAt >= lifetimeMs / 2) tokens = await grant.client.refresh(tokens.refreshToken);
    return tokens.accessToken;
  };
}

/**
 * tools/call `name` for `question` as a client that declared elicitation: the POST's answer must be
 * an event stream carrying an elicitation/create request (a form with a boolean field) before the
 * result. Resolves once the request arrived; the stream stays open until `respond` answers it.
 */
export async function elicit(ctx: CheckContext, name: string, question: ScratchQuestion, what: string): Promise<Elicited> {
  const token = await elicitingToken(ctx);
  let elicited: (request: Record<string, unknown> | undefined) => void = () => undefined;
  const arrival = new Promise<Record<string, unknown> | undefined>((resolve) => (elicited = resolve));
  const call = ctx.mcp.envelope('tools/call', { name, arguments: { question_id: question.id } });
  const onMessage = async (message: Record<string, unknown>): Promise<void> => {
    if (message['method'] === 'elicitation/create') elicited(message);
  };
  const ended: Promise<Exchange> = ctx.mcp.postStreaming(token, call, onMessage, HEADERS).finally(() => elicited(undefined));
  ended.catch(() => undefined); // awaited below or in respond; a check that failed first must not leave it unhandled
  const request = await arrival;
  if (!request) fail(`${what}: the answer carries no elicitation/create request, though the client declared elicitation: ${describeResponse(await ended)}`);
  const answerWith = async (result: Record<string, unknown>): Promise<CallAnswer> => {
    const posted = await ctx.mcp.post(token, { jsonrpc: '2.0', id: request['id'], result }, HEADERS);
    if (posted.response.status !== 202) fail(`${what}: the client's answer to the elicitation got ${describeResponse(posted)}, not 202`);
    const exchange = await ended;
    return { exchange, message: jsonRpcOf(exchange) };
  };
  const params = isObject(request['params']) ? request['params'] : {};
  const field = booleanField(params);
  if (params['mode'] !== undefined && params['mode'] !== 'form') problem(`the elicitation's mode is ${JSON.stringify(params['mode'])}, not "form"`);
  if (field === undefined) problem(`the elicitation's requestedSchema has no boolean field to confirm with: ${JSON.stringify(params['requestedSchema'])?.slice(0, 200)}`);
  return { summary: String(params['message'] ?? ''), field, respond: (reply) => answerWith(elicitationResult(reply, field)) };

  function problem(reason: string): never {
    // Cancel first, so that the deployment's open stream ends with the check.
    void answerWith({ action: 'cancel' }).catch(() => undefined);
    fail(`${what}: ${reason}`);
  }
}
