import { createServer, request as httpRequest } from 'node:http';
import { it } from 'vitest';
import type { Report } from '../../conformance/report.js';
import { renderConsole } from '../../conformance/reporters/console.js';
import { runConformance } from '../../conformance/run.js';
import { runAgainst, withFakeDeployment } from '../conformance/harness.js';
import { demoSignIn, foreignToken, startOurServer } from '../conformance/our-server.js';
import { freePorts } from '../scale-out/processes.js';

function show(name: string, report: Report, ms: number): void {
  const lines = renderConsole(report, { color: false }).split('\n');
  console.log(`\n##### ${name}: ${(ms / 1000).toFixed(1)} s, counts ${JSON.stringify(report.counts)}\n${lines.slice(0, 10).join('\n')}\n...\n${lines.at(-2)}`);
}

it('www-authenticate stripped', async () => {
  await withFakeDeployment({ faults: { omitWwwAuthenticate: true } } as never, async (fake) => {
    const t = Date.now();
    const report = await runAgainst(fake);
    show('WWW-Authenticate stripped (fake deployment)', report, Date.now() - t);
  });
}, 900_000);

it('stricter limit not told', async () => {
  const ours = await startOurServer({ mcpRateLimit: { limit: 20, windowMs: 3_000 }, accessTokenTtlMs: 3_600_000, refreshGraceMs: 60_000, registerRateLimit: { limit: 20, windowMs: 60_000 } });
  try {
    const t = Date.now();
    const report = await runConformance({ url: ours.server.baseUrl, signIn: demoSignIn, foreignToken: await foreignToken(ours.server.store), ...ours.documents });
    show('serve --mcp-rate-limit 20/3, runner not told', report, Date.now() - t);
  } finally {
    await ours.close();
  }
}, 900_000);

it('buffering proxy', async () => {
  const [proxyPort, port] = (await freePorts(2)) as [number, number];
  const ours = await startOurServer({ port, baseUrl: `http://127.0.0.1:${proxyPort}` });
  // Holds every answer, headers and all, until it ends: nginx with proxy_buffering on and a small stream.
  const proxy = createServer((req, res) => {
    const upstream = httpRequest({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.end(Buffer.concat(chunks));
      });
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
  try {
    const t = Date.now();
    const report = await runConformance({ url: `http://127.0.0.1:${proxyPort}`, signIn: demoSignIn, ...ours.documents, only: ['confirmations'] });
    show('behind a buffering proxy (confirmations group)', report, Date.now() - t);
  } finally {
    proxy.closeAllConnections();
    proxy.close();
    await ours.close();
  }
}, 900_000);
