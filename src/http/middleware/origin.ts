import type { NextFunction, Request, RequestHandler, Response } from 'express';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Refuses a browser request whose `Origin` is neither ours, a configured one, nor loopback
 * (DNS rebinding: a hostile page resolved to 127.0.0.1 still sends its own origin). Requests
 * without `Origin` come from non-browser clients and pass.
 */
export function allowedOrigins(own: readonly string[], configured: readonly string[]): RequestHandler {
  const allowed = new Set([...own, ...configured].map((url) => new URL(url).origin));
  return function originCheck(req: Request, res: Response, next: NextFunction) {
    const origin = req.get('origin');
    if (origin === undefined || allowed.has(origin) || isLoopbackOrigin(origin)) return next();
    res.status(403).json({
      error: 'forbidden_origin',
      error_description: `origin '${origin}' may not call this server; start it with --allowed-origin ${origin} to allow it`,
    });
  };
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && loopbackHosts.has(url.hostname);
  } catch {
    return false;
  }
}
