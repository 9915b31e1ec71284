import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerMetrics } from '../../telemetry/metrics.js';

/** The metrics listener's one route: `GET /metrics` in Prometheus text format; anything else 404. */
export function metricsEndpoint(metrics: ServerMetrics) {
  return function serveMetrics(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found: metrics are at GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics could not be collected\n'),
    );
  };
}
