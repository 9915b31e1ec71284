import type { NextFunction, Request, RequestHandler, Response } from 'express';

const allowedHeaders = 'Authorization, Content-Type, MCP-Protocol-Version, Mcp-Session-Id, Last-Event-ID';
const exposedHeaders = 'WWW-Authenticate, Retry-After, MCP-Protocol-Version, Mcp-Session-Id';

/**
 * Open CORS for endpoints that use no cookies (discovery, registration, MCP, token, revoke):
 * browser-based clients such as the MCP Inspector call them. Bearer tokens travel in a header,
 * so `*` grants a page nothing it does not already hold; the MCP endpoint still checks Origin.
 * Preflights are answered here, before any bearer check.
 */
export function openCors(): RequestHandler {
  return function cors(req: Request, res: Response, next: NextFunction) {
    res.set('Access-Control-Allow-Origin', '*');
    res.set('Access-Control-Expose-Headers', exposedHeaders);
    if (req.method !== 'OPTIONS') return next();
    res
      .status(204)
      .set({
        'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': req.get('access-control-request-headers') ?? allowedHeaders,
        'Access-Control-Max-Age': '600',
      })
      .end();
  };
}
