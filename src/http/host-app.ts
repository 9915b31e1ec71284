import express, { type Express } from 'express';
import type { SlidingLog } from '../limits/limiter.js';
import type { OAuthContext } from '../oauth/context.js';

/** What both hosts are built from. */
export interface HostAppOptions {
  readonly context: OAuthContext;
  readonly slidingLog: SlidingLog;
  /** Honour `X-Forwarded-For` (only behind a reverse proxy that sets it). */
  readonly trustProxy: boolean;
}

/** An Express app as both hosts start: no `X-Powered-By`, and proxy trust as configured. */
export function hostApp(trustProxy: boolean): Express {
  const app = express();
  app.disable('x-powered-by');
  // One hop: the address the proxy itself appended, never one a client wrote into the header.
  if (trustProxy) app.set('trust proxy', 1);
  return app;
}
