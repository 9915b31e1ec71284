/**
 * What a conformant deployment looks like behind another proxy or framework: our own server
 * behind a proxy on loopback that varies what the contract and the RFCs leave free. Every whole
 * run stays green but for the one warning the contract's 404 earns, and the in-flight check's
 * skip: the proxy buffers request bodies (to alias the tokens of forms). The variations are grouped
 * into two runs (one run is about 40 s): each pair that could interact (gzip and chunked framing,
 * longer and shorter tokens, charset present and absent) is split between them.
 */
import { describe, it, type TestContext } from 'vitest';
import type { Report } from '../../conformance/report.js';
import { runConformance } from '../../conformance/run.js';
import { freePorts } from '../scale-out/processes.js';
import { startVaryingProxy, TokenAliases, type Variations, type VaryingProxy } from '../helpers/varying-proxy.js';
import { contractWarning, demoSignIn, expectFullRun, foreignToken, inFlightHiddenByBufferingProxy, shortWindows, startOurServer, type OurServer } from './our-server.js';

/** A whole run behind the proxy; what it started closes when its test finishes. */
async function wholeRunBehind(variations: Variations, onTestFinished: TestContext['onTestFinished']) {
  const running: Array<OurServer | VaryingProxy> = [];
  onTestFinished(() => Promise.all(running.map((part) => part.close())).then(() => undefined));
  const [mcpPublic, authPublic, port, authPort] = (await freePorts(4)) as [number, number, number, number];
  // One alias table for both hosts: a token issued by the auth host is spent on the MCP host.
  const aliases = variations.tokenLength ? new TokenAliases(variations.tokenLength) : undefined;
  const mcpProxy = await startVaryingProxy(mcpPublic, port, variations, aliases);
  const authProxy = await startVaryingProxy(authPublic, authPort, variations, aliases);
  running.push(mcpProxy, authProxy);
  // Behind a proxy, the client's address is the one it forwards: registrations are counted per client.
  const ours = await startOurServer({ port, authPort, baseUrl: mcpProxy.url, authUrl: authProxy.url, trustProxy: true });
  running.push(ours);
  const report = await runConformance({
    url: mcpProxy.url,
    signIn: demoSignIn,
    foreignToken: await foreignToken(ours.server.store),
    ...shortWindows.runner,
    ...ours.documents,
  });
  // Reports redact tokens, so the proxy tells how many it handed out under an alias.
  return { report, aliased: aliases?.issued ?? 0 };
}

/** The answers the runner saw, so that each test also shows its variations were really made. */
function answers(report: Report) {
  return report.results.flatMap((result) => result.evidence);
}


// The two runs have servers and proxies of their own and mostly wait out windows: side by side.
describe.concurrent('survey-mcp conformance against our server behind a proxy that varies what is free', () => {
  it('keys reordered and indented, unknown metadata, token and _meta fields, reworded errors, chunked with Connection: close, longer tokens: green', async ({ expect, onTestFinished }) => {
    const { report, aliased } = await wholeRunBehind({ reorderJson: true, extraFields: true, rewordErrors: true, chunkedClose: true, tokenLength: 'longer' }, onTestFinished);
    expectFullRun(report, [contractWarning, inFlightHiddenByBufferingProxy]);
    const seen = answers(report);
    expect(seen.some((answer) => answer.responseHeaders['connection'] === 'close')).toBe(true);
    expect(seen.some((answer) => answer.responseBody.includes('example.com/proxy-trace'))).toBe(true);
    expect(seen.some((answer) => answer.responseBody.includes('reworded by a proxy'))).toBe(true);
    expect(aliased).toBeGreaterThan(20);
  }, 150_000);

  it('gzip when asked, application/json without charset, shorter tokens, unknown fields: green', async ({ expect, onTestFinished }) => {
    const { report, aliased } = await wholeRunBehind({ gzip: true, noCharset: true, tokenLength: 'shorter', extraFields: true }, onTestFinished);
    expectFullRun(report, [contractWarning, inFlightHiddenByBufferingProxy]);
    const seen = answers(report);
    expect(seen.some((answer) => answer.responseHeaders['content-encoding'] === 'gzip')).toBe(true);
    expect(seen.some((answer) => answer.responseHeaders['content-type'] === 'application/json')).toBe(true);
    expect(aliased).toBeGreaterThan(20);
  }, 150_000);
});
