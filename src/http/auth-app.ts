import type { Express } from 'express';
import { hostApp, type HostAppOptions } from './host-app.js';
import type { RateRule } from '../limits/limiter.js';
import { callerOf } from '../oauth/clients.js';
import { isSecureOrigin } from '../oauth/context.js';
import { invalidRequest } from '../oauth/errors.js';
import { decideAuthorizationHandler, showAuthorizationHandler } from '../oauth/handlers/authorize.js';
import { confirmationHandlers } from '../oauth/handlers/confirm.js';
import { connectedAppsHandler, revokeAppHandler } from '../oauth/handlers/connected-apps.js';
import { authorizationServerMetadata, jsonDocument, wellKnownPaths } from '../oauth/handlers/discovery.js';
import { revokeHandler } from '../oauth/handlers/revoke.js';
import { signInHandler, signOutHandler, type SignInLimit } from '../oauth/handlers/sign-in.js';
import { ssoCallbackHandler, ssoStartHandler } from '../oauth/handlers/sso.js';
import { tokenHandler } from '../oauth/handlers/token.js';
import { stylesheet } from '../oauth/pages/style.js';
import { clientAddressKey } from './client-address.js';
import { parseBody } from './middleware/body.js';
import { openCors } from './middleware/cors.js';
import { errorResponder, notFound } from './middleware/errors.js';
import { pageSecurity } from './middleware/page-security.js';
import { rateLimit } from './middleware/rate-limit.js';

export interface AuthAppOptions extends HostAppOptions {
  readonly signInRateLimit: RateRule;
  readonly tokenRateLimit: RateRule;
  readonly tokenGrantRateLimit: RateRule;
}

/** The auth host `{auth_url}`: sign-in and consent pages, token and revocation, connected apps. */
export function createAuthApp(options: AuthAppOptions): Express {
  const { context } = options;
  const app = hostApp(options.trustProxy);
  app.use(pageSecurity({ https: isSecureOrigin(context) }));

  // Clients that look for the metadata at the authorization endpoint's origin (Qwen Code, issue
  // 23) find the MCP host's documents here, byte for byte (issuer stays {base_url}), open to
  // browsers as there.
  app.use('/.well-known', openCors());
  const asMetadata = jsonDocument(authorizationServerMetadata(context));
  app.get(wellKnownPaths(context, 'oauth-authorization-server'), asMetadata);
  app.get(wellKnownPaths(context, 'openid-configuration'), asMetadata);

  const form = parseBody('form', invalidRequest);
  // Token and revocation use no cookies, so browser-based clients may call them from any origin.
  app.use(['/oauth/token', '/oauth/revoke'], openCors());
  app.post(
    '/oauth/token',
    rateLimit({ slidingLog: options.slidingLog, rule: options.tokenRateLimit, keyOf: (req) => `token:ip:${clientAddressKey(callerOf(req))}` }),
    form,
    tokenHandler(context, { slidingLog: options.slidingLog, rule: options.tokenGrantRateLimit, addressOf: (req) => clientAddressKey(callerOf(req)) }),
  );
  app.post('/oauth/revoke', form, revokeHandler(context));

  app.get('/oauth/authorize', showAuthorizationHandler(context));
  app.post('/oauth/authorize', form, decideAuthorizationHandler(context));
  const signInLimit: SignInLimit = {
    slidingLog: options.slidingLog,
    rule: options.signInRateLimit,
    clientOf: (req) => clientAddressKey(callerOf(req)),
  };
  app.post('/sign-in', form, signInHandler(context, signInLimit));
  if (context.sso) {
    app.post('/sso/start', form, ssoStartHandler(context, context.sso));
    app.get('/sso/callback', ssoCallbackHandler(context, context.sso, signInLimit));
  }
  app.post('/sign-out', form, signOutHandler(context));
  app.get('/account/apps', connectedAppsHandler(context));
  app.post('/account/apps/revoke', form, revokeAppHandler(context));
  const confirmation = confirmationHandlers(context);
  app.get('/confirm', confirmation.show);
  app.post('/confirm', form, confirmation.decide);
  app.get('/', (_req, res) => res.redirect(302, '/account/apps'));

  const css = Buffer.from(stylesheet);
  app.get('/assets/style.css', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('css').send(css);
  });

  app.use(notFound());
  app.use(errorResponder());
  return app;
}
