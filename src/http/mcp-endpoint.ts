import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import {
  ErrorCode,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  isInitializeRequest,
  isJSONRPCRequest,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import type { RateRule, SlidingLog } from '../limits/limiter.js';
import { storeUnavailableCode, type McpDispatcher } from '../mcp/server.js';
import type { Clock } from '../platform/clock.js';
import { StoreUnavailableError } from '../store/errors.js';
import type { Store } from '../store/store.js';
import { bearerAuth, type BearerAuth } from './middleware/bearer-auth.js';
import { allowedOrigins } from './middleware/origin.js';
import { rateLimit } from './middleware/rate-limit.js';

export interface McpEndpointOptions {
  readonly dispatcher: McpDispatcher;
  readonly store: Store;
  readonly slidingLog: SlidingLog;
  readonly clock: Clock;
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly rateRule: RateRule;
  readonly allowedOrigins: readonly string[];
  /** Largest JSON-RPC body accepted; larger ones get 413. */
  readonly maxBodyBytes?: number;
}

const maxBatch = 100;

/**
 * `POST /` and the other methods on `/`, in the order of the request path in architecture.md:
 * origin, bearer token, per-user rate limit, then JSON-RPC.
 */
export function mcpEndpoint(options: McpEndpointOptions): Router {
  const router = express.Router();
  const limitBytes = options.maxBodyBytes ?? 1024 * 1024;

  router.use(
    '/',
    allowedOrigins([options.baseUrl, options.authUrl], options.allowedOrigins),
    bearerAuth({
      store: options.store,
      clock: options.clock,
      resourceMetadataUrl: `${options.baseUrl}/.well-known/oauth-protected-resource`,
    }),
    rateLimit({
      slidingLog: options.slidingLog,
      rule: options.rateRule,
      keyOf: (_req, res) => `mcp:${(res.locals.auth as BearerAuth).userId}`,
    }),
  );

  // Spec 4.1 rule 1: no server-initiated stream, so the GET that would open one is 404.
  router.get('/', (_req, res) => {
    res.status(404).json(jsonRpcError(ErrorCode.MethodNotFound, 'Method not found: this server sends no notification stream'));
  });
  router.post('/', express.raw({ type: () => true, limit: limitBytes }), async (req, res) => {
    await answerPost(req, res, options.dispatcher);
  });
  router.all('/', (req, res) => {
    res
      .status(405)
      .set('Allow', 'GET, POST')
      .json(jsonRpcError(ErrorCode.InvalidRequest, `Method not allowed: ${req.method} (stateless server, no sessions to end)`));
  });
  router.use('/', bodyTooLarge(limitBytes));
  return router;
}

async function answerPost(req: Request, res: Response, dispatcher: McpDispatcher): Promise<void> {
  const accept = req.get('accept');
  if (accept && !/application\/json|\*\/\*|application\/\*/i.test(accept)) {
    res.status(406).json(jsonRpcError(-32000, 'Not Acceptable: the client must accept application/json'));
    return;
  }
  if (!/^application\/json\s*(;|$)/i.test(req.get('content-type') ?? '')) {
    res.status(415).json(jsonRpcError(-32000, 'Unsupported Media Type: Content-Type must be application/json'));
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse((req.body as Buffer).toString('utf8'));
  } catch {
    res.status(400).json(jsonRpcError(ErrorCode.ParseError, 'Parse error: the body is not valid JSON'));
    return;
  }
  const batch = Array.isArray(body);
  const raw = batch ? (body as unknown[]) : [body];
  if (raw.length === 0 || raw.length > maxBatch) {
    res.status(400).json(jsonRpcError(ErrorCode.InvalidRequest, `Invalid Request: send 1 to ${maxBatch} messages`));
    return;
  }
  const messages: JSONRPCMessage[] = [];
  for (const candidate of raw) {
    const parsed = JSONRPCMessageSchema.safeParse(candidate);
    if (!parsed.success) {
      res.status(400).json(jsonRpcError(ErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message'));
      return;
    }
    messages.push(parsed.data);
  }
  const version = req.get('mcp-protocol-version');
  if (version !== undefined && !messages.some(isInitializeRequest) && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    res
      .status(400)
      .json(jsonRpcError(-32000, `Bad Request: unsupported MCP-Protocol-Version '${version}' (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`));
    return;
  }
  if (!messages.some(isJSONRPCRequest)) {
    await dispatcher.handle(messages, {});
    res.status(202).end();
    return;
  }
  const auth = res.locals.auth as BearerAuth;
  const answers = await dispatcher.handle(messages, {
    authInfo: auth.authInfo,
    requestInfo: { headers: req.headers },
  });
  const unavailable = answers.find((answer) => 'error' in answer && answer.error.code === storeUnavailableCode);
  // The error responder answers it like every other outage: 503, Retry-After, no store URL.
  if (unavailable && 'error' in unavailable) throw new StoreUnavailableError(unavailable.error.message);
  sendAnswer(res, batch ? answers : answers[0]);
}

/**
 * 200 with the JSON-RPC answer, written straight to node:http. `res.json` would also hash every
 * answer for an ETag that no JSON-RPC client sends back, and re-resolve the content type: ~30 µs
 * of a request that costs ~450 µs in all (bench/README.md).
 */
function sendAnswer(res: Response, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function bodyTooLarge(limitBytes: number) {
  return function answerTooLarge(error: unknown, _req: Request, res: Response, next: NextFunction): void {
    if ((error as { type?: string }).type !== 'entity.too.large') return next(error);
    res.status(413).json(jsonRpcError(-32000, `Payload Too Large: a JSON-RPC body may have at most ${limitBytes} bytes`));
  };
}

function jsonRpcError(code: number, message: string) {
  return { jsonrpc: '2.0' as const, id: null, error: { code, message } };
}
