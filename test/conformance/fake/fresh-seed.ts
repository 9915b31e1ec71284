import { connect, isIP } from 'node:net';
import express, { type Request, type RequestHandler } from 'express';

/**
 * The fake's side of the checks written for the survivors of the fresh seed (issue 41: our
 * server mutated, the runner stayed green): the answers right, and one fault each.
 */

export interface FreshSeedFaults {
  /** Serves its jwks_uri as {} instead of a JWK Set {"keys": []}. */
  readonly jwksWithoutKeys?: boolean;
  /** Fails with HTTP 500 on one null where a JSON-RPC message or its params belong. */
  readonly nullMessageServerError?: 'body' | 'batch-item' | 'params';
  /** Refuses a request over the request-shape limits with a JSON-RPC error it breaks. */
  readonly oversizedRefusal?: 'empty-error' | 'id-null';
  /** Says "validation failed: " with nothing after it for an argument under its minimum. */
  readonly validationReasonEmpty?: boolean;
  /** Takes a client assertion whose jti is null or empty (storing it as the string "null"). */
  readonly assertionJtiMalformedAccepted?: boolean;
  /** Answers an ID-JAG whose scope is not a string with HTTP 500 (it splits the scope unchecked). */
  readonly idJagScopeNonStringServerError?: boolean;
  /** Answers a batch's calls past its bound as tool errors whose text is {} (the message lost). */
  readonly pastBatchBoundMessageLost?: boolean;
  /** Answers an empty batch [] with HTTP 200 and an empty array, not a -32600 error. */
  readonly emptyBatchAnswered?: boolean;
  /** Takes a 2026-07-28 request as that revision on its header alone, whatever its _meta names. */
  readonly envelopeVersionTrustedToHeader?: boolean;
  /** Takes clientCapabilities whose experimental or extensions entries are not objects. */
  readonly capabilityMapsUnchecked?: boolean;
  /** Answers a spent refresh token as a retry past its grace until the lineage renews again. */
  readonly graceUntilNextRenewal?: boolean;
  /** Connects to the IP-literal host of a client_id it holds no document for (0.0.0.0 too), as a fetch would, before refusing it. */
  readonly specialUseDocumentFetched?: boolean;
  /** Answers the 429 of its in-flight bound (`mcpInFlight`) with the body {} (seed 20261208: gate.ts's `busy` emptied). */
  readonly inFlightRefusalBodyEmpty?: boolean;
  /** Seed 20261208: fails with HTTP 500 on a posted sign-in without its hidden redirect_uri. */
  readonly signInWithoutRedirectUriServerError?: boolean;
  /** Seed 20261208: the sign-in form carries a hidden return_to, and a sign-in redirects to it unchecked. */
  readonly signInReturnToUnchecked?: boolean;
  /** Seed 20261208: the confirmation page's "Don't do it" answers a 400 error page and spends nothing. */
  readonly confirmPageDeclineRefused?: boolean;
  /** Seed 20261208: "Don't do it" on the confirmation page refuses the token only until Confirm is pressed on the page as first shown. */
  readonly confirmPageDeclineRevivable?: boolean;
  /** Seed 96695216: fails with HTTP 500 on a request carrying a traceparent (header or params._meta) that is no W3C trace context. */
  readonly malformedTraceServerError?: boolean;
  /** Seed 96695216: takes a 2026-07-28 clientCapabilities.sampling whose context is not an object. */
  readonly samplingCapabilityUnchecked?: boolean;
  /** Seed 96695216: fails with HTTP 500 on a 2026-07-28 request whose _meta clientInfo is null. */
  readonly clientInfoNullServerError?: boolean;
  /** Seed 96695216: refuses a registration body that is not JSON with an empty error_description. */
  readonly registrationNotJsonUndescribed?: boolean;
  /** Seed 96695216: share_survey's arguments schema takes none, so every call is refused. */
  readonly shareSurveyArgumentsRefused?: boolean;
  /** Seed 96695216: share_survey advertises an outputSchema that takes no property (a strict empty object). */
  readonly shareSurveyOutputSchemaEmpty?: boolean;
  /** Seed 96695216: fails with HTTP 500 on an ID-JAG for a person it has no account for (it reads the person of the refusal). */
  readonly idJagUnknownPersonServerError?: boolean;
  /** Seed 96695216: fails with HTTP 500 on an ID-JAG whose jti or sub is null (it stores the null). */
  readonly idJagNullIdentifierServerError?: boolean;
  /** Seed 96695216: serves a public client whose client_assertion comes without client_assertion_type, the assertion unread. */
  readonly untypedAssertionIgnored?: boolean;
  /** Seed 96695216: refuses a private_key_jwt client's token request without client_id, though its assertion's sub names it. */
  readonly assertionClientIdRequired?: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The document at jwks_uri: an empty JWK Set (the fake signs nothing), or the fault's {}. */
export function jwksDocument(faults: FreshSeedFaults): Record<string, unknown> {
  return faults.jwksWithoutKeys ? {} : { keys: [] };
}

type Refusal = { status: number; body: unknown };

const invalidRequest: Refusal = { status: 400, body: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } } };
const serverError: Refusal = { status: 500, body: { error: 'server_error' } };

/**
 * A null where a message or its params belong: the body null and a params null are refused 400
 * -32600 (JSON-RPC 2.0 sections 4 and 4.2); a batch's null is left to the batch's own answer
 * (an error for it, section 6), and an empty batch is refused as one. The fault fails with 500
 * on the one it names.
 */
export function nullMessageRefusal(body: unknown, faults: FreshSeedFaults): Refusal | undefined {
  if (body === null) return faults.nullMessageServerError === 'body' ? serverError : invalidRequest;
  if (Array.isArray(body) && body.includes(null) && faults.nullMessageServerError === 'batch-item') return serverError;
  if (isObject(body) && body['params'] === null) return faults.nullMessageServerError === 'params' ? serverError : invalidRequest;
  // JSON-RPC 2.0 section 6: an empty batch is one invalid request.
  if (Array.isArray(body) && body.length === 0 && !faults.emptyBatchAnswered) return invalidRequest;
  return undefined;
}

/** The fake's request-shape limits: survey-mcp's nesting and array bounds. */
const MAX_DEPTH = 32;
const MAX_ITEMS = 1_000;

function overLimits(value: unknown, depth = 0): boolean {
  if (Array.isArray(value)) return depth >= MAX_DEPTH || value.length > MAX_ITEMS || value.some((item) => overLimits(item, depth + 1));
  if (isObject(value)) return depth >= MAX_DEPTH || Object.values(value).some((item) => overLimits(item, depth + 1));
  return false;
}

/**
 * One request whose arguments are over the limits, refused -32602 under its id: at HTTP 200 in
 * 2025-11-25 (as the 1.x SDK answers invalid params), 400 in 2026-07-28. Batches are answered
 * as any batch. The fault empties the error or answers under id null.
 */
export function oversizedRefusal(body: unknown, modern: boolean, faults: FreshSeedFaults): Refusal | undefined {
  if (!isObject(body) || !isObject(body['params']) || !overLimits(body['params']['arguments'])) return undefined;
  const error = faults.oversizedRefusal === 'empty-error' ? {} : { code: -32602, message: 'Invalid params: params.arguments is over the request-shape limits' };
  const id = faults.oversizedRefusal === 'id-null' ? null : body['id'];
  return { status: modern ? 400 : 200, body: { jsonrpc: '2.0', id, error } };
}

/** list_surveys's limit under its minimum: the validation-failed text and its reason, or the fault's nothing. */
export function limitTooSmall(faults: FreshSeedFaults): { error: string } {
  return { error: faults.validationReasonEmpty ? 'validation failed: ' : "validation failed: 'limit' must be at least 1" };
}

/**
 * Where the `specialUseDocumentFetched` fault fetches a client_id's document from: the host and
 * port of an https client_id on an IP literal, unchecked; undefined for any other client_id.
 */
export function unguardedFetchTarget(clientId: string, faults: FreshSeedFaults): { host: string; port: number } | undefined {
  if (!faults.specialUseDocumentFetched || !URL.canParse(clientId)) return undefined;
  const url = new URL(clientId);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return url.protocol === 'https:' && isIP(host) !== 0 ? { host, port: Number(url.port || 443) } : undefined;
}

/** The fault's fetch: a TCP connection, dropped at once (the fake reads documents from its state); resolves whatever it meets. */
export function connectOnce(target: { host: string; port: number }): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(target);
    const done = () => {
      socket.destroy();
      resolve();
    };
    socket.setTimeout(2_000, done);
    socket.once('connect', done);
    socket.once('error', done);
  });
}

/** W3C Trace Context version 00, as the real server takes it (src/telemetry/trace-context.ts). */
const traceparentPattern = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The `malformedTraceServerError` fault: a traceparent that is no W3C trace context, as the header or in a message's _meta, fails the request. */
export function malformedTraceFails(req: Request, faults: FreshSeedFaults): boolean {
  if (!faults.malformedTraceServerError) return false;
  const meta = isObject(req.body) && isObject(req.body['params']) ? req.body['params']['_meta'] : undefined;
  const carried = [req.headers.traceparent, isObject(meta) ? meta['traceparent'] : undefined].filter((value) => value !== undefined);
  return carried.some((value) => typeof value !== 'string' || !traceparentPattern.test(value));
}

/** A registration's JSON body; one that is not JSON is the payload refused: 422 invalid_client_metadata, described (empty under the fault). */
export function registrationBody(faults: FreshSeedFaults): RequestHandler {
  const parse = express.json();
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (error === undefined) return next();
      res.status(422).json({ error: 'invalid_client_metadata', error_description: faults.registrationNotJsonUndescribed ? '' : 'the body is not valid JSON' });
    });
}

/** share_survey's outputSchema, or the fault's strict empty object. */
export function shareSurveyOutputSchema(faults: FreshSeedFaults): Record<string, unknown> {
  if (faults.shareSurveyOutputSchemaEmpty) return { type: 'object', properties: {}, additionalProperties: false };
  return {
    type: 'object',
    properties: { survey_id: { type: 'string' }, collaborators: { type: 'array' }, changed: { type: 'boolean' } },
    required: ['survey_id', 'collaborators', 'changed'],
    additionalProperties: false,
  };
}
