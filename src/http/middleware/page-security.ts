import type { NextFunction, Request, RequestHandler, Response } from 'express';

// No form-action: Chrome applies it to the redirect after the consent form, which goes to the app.
const contentSecurityPolicy = "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Sign-in and consent pages can never be framed (clickjacking) nor load anything foreign. Under
 * https, HSTS keeps browsers from ever asking this host over plain http, where cookies would leak.
 */
export function pageSecurity(options: { https: boolean }): RequestHandler {
  return function pageSecurityHeaders(_req: Request, res: Response, next: NextFunction) {
    if (options.https) res.set('Strict-Transport-Security', 'max-age=31536000');
    res.set({
      'Content-Security-Policy': contentSecurityPolicy,
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      // same-origin, not no-referrer: under no-referrer Chrome sends `Origin: null` on our own forms.
      'Referrer-Policy': 'same-origin',
    });
    next();
  };
}
