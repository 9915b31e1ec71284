import type { Express } from 'express';
import { hostApp, type HostAppOptions } from './host-app.js';
import type { RateRule } from '../limits/limiter.js';
import { callerOf } from '../oauth/clients.js';
import { invalidClientMetadata } from '../oauth/errors.js';
import { authorizationServerMetadata, jsonDocument, protectedResourceMetadata, wellKnownPaths } from '../oauth/handlers/discovery.js';
import { registerHandler } from '../oauth/handlers/register.js';
import { clientAddressKey } from './client-address.js';
import { liveness, readiness, type ReadinessOptions } from './health.js';
import { parseBody } from './middleware/body.js';
import { openCors } from './middleware/cors.js';
import { errorResponder, notFound } from './middleware/errors.js';
import { rateLimit } from './middleware/rate-limit.js';

export interface McpAppOptions extends HostAppOptions {
  readonly registerRateLimit: RateRule;
  readonly readiness: Omit<ReadinessOptions, 'deadlineMs'>;
}

/** The MCP host `{base_url}`: the OAuth issuer, its discovery documents and registration. */
export function createMcpApp(options: McpAppOptions): Express {
  const { context } = options;
  const app = hostApp(options.trustProxy);
  app.use(openCors());
  // For load balancers and orchestrators: unauthenticated, outside every rate limit, no configuration shown.
  app.get('/healthz', liveness);
  app.get('/readyz', readiness(options.readiness));

  app.get(wellKnownPaths(context, 'oauth-protected-resource'), jsonDocument(protectedResourceMetadata(context)));
  const asMetadata = jsonDocument(authorizationServerMetadata(context));
  app.get(wellKnownPaths(context, 'oauth-authorization-server'), asMetadata);
  app.get(wellKnownPaths(context, 'openid-configuration'), asMetadata);
  // openid-configuration parsers require a key set; no tokens here are JWTs, so it is empty.
  app.get('/.well-known/jwks.json', jsonDocument({ keys: [] }));

  app.post(
    '/register',
    rateLimit({
      slidingLog: options.slidingLog,
      rule: options.registerRateLimit,
      keyOf: (req) => `register:${clientAddressKey(callerOf(req))}`,
    }),
    parseBody('json', invalidClientMetadata),
    registerHandler(context),
  );

  app.use(notFound());
  app.use(errorResponder());
  return app;
}
