import { createServer, request, type Server } from 'node:http';

/** A 503 page as a misconfigured proxy serves it, in place of the deployment's answer. */
export const PROXY_503_PAGE = '<html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>503 Service Temporarily Unavailable</h1><hr><center>nginx</center></body></html>';

export interface RewritingProxy {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A plain-http reverse proxy in front of 127.0.0.1:`targetPort` that answers every 429 of the
 * deployment with its own 503 HTML page (no Retry-After), as nginx does with `limit_req` defaults
 * or an `error_page 429 =503`; everything else passes through unchanged.
 */
export async function startRewriting429Proxy(targetPort: number): Promise<RewritingProxy> {
  const server: Server = createServer((req, res) => {
    const upstream = request(
      { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (answer.statusCode === 429) {
          answer.resume();
          res.writeHead(503, { 'content-type': 'text/html' }).end(PROXY_503_PAGE);
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
