import express, { type Express } from 'express';

/** An Express app as both hosts start: no `X-Powered-By`, and proxy trust as configured. */
export function hostApp(trustProxy: boolean): Express {
  const app = express();
  app.disable('x-powered-by');
  // One hop: the address the proxy itself appended, never one a client wrote into the header.
  if (trustProxy) app.set('trust proxy', 1);
  return app;
}
