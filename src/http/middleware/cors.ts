import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const allowedHeaders = 'Authorization, Content-Type, MCP-Protocol-Version, Mcp-Session-Id, Last-Event-ID';
const exposedHeaders = 'WWW-Authenticate, Retry-After, MCP-Protocol-Version, Mcp-Session-Id';

/**
 * Open CORS for endpoints that use no cookies (discovery, registration, MCP, token, revoke):
 * browser-based clients such as the MCP Inspector call them. Bearer tokens travel in a header,
 * so `*` grants a page nothing it does not already hold; the MCP endpoint still checks Origin.
 * Every answer carries these headers.
 */
export function setCorsHeaders(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', exposedHeaders);
}

/** Answers a preflight (after `setCorsHeaders`), before any bearer check. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  res.statusCode = 204;
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? allowedHeaders);
  res.setHeader('Access-Control-Max-Age', '600');
  res.end();
}

/** Both, for the Express apps. */
export function openCors(): RequestHandler {
  return function cors(req: Request, res: Response, next: NextFunction) {
    setCorsHeaders(res);
    if (req.method !== 'OPTIONS') return next();
    answerPreflight(req, res);
  };
}
