import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import { eraOf } from '../../conformance/check.js';
import type { Report } from '../../conformance/report.js';
import { conformanceCommand } from '../../conformance/command.js';
import { selectChecks } from '../../conformance/select.js';
import { renderConsole } from '../../conformance/reporters/console.js';
import { renderHtml } from '../../conformance/reporters/html.js';
import { renderJunit } from '../../conformance/reporters/junit.js';
import { runAgainst, withFakeDeployment } from './harness.js';

const ids = (protocol: '2025-11-25' | '2026-07-28' | 'auto') => selectChecks(CATALOG, [], [], protocol).map((check) => check.id);

describe('choosing the MCP era with --protocol', () => {
  test('2026-07-28 runs the modern group and the era-free checks, not the initialize-based ones', () => {
    const selected = ids('2026-07-28');
    expect(selected).toContain('modern-discover');
    expect(selected).toContain('protected-resource-metadata');
    expect(selected).not.toContain('initialize');
    // Tool errors and bearer refusals bind both eras (section 7.2, section 5.4): they run in this one too.
    expect(selected).toContain('tool-error-not-found');
    expect(selected).toContain('missing-token-401');
  });

  test('2025-11-25 runs every check but the modern group; auto runs them all', () => {
    expect(ids('2025-11-25').filter((id) => id.startsWith('modern-'))).toEqual([]);
    expect(ids('auto')).toEqual(CATALOG.map((check) => check.id));
  });

  test('--list shows the era of each check', async () => {
    let out = '';
    await conformanceCommand({ list: true }, { stdout: { isTTY: false, write: (text: string) => (out += text) }, stderr: { isTTY: false, write: () => true }, env: {} });
    // A case id has regular-expression characters of its own (`token.code.replayed@dcr-public+code`).
    const escaped = (id: string): string => id.replace(/[.+]/g, '\\$&');
    for (const check of CATALOG) expect(out).toMatch(new RegExp(`  ${escaped(check.id)} +${check.level} +MCP ${eraOf(check)} +\\S`));
  });

  test('an unknown --protocol is a usage error that lists the choices', async () => {
    const error = await conformanceCommand({ url: 'http://127.0.0.1:9', protocol: '2024-01-01' }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ exitCode: 2, message: '--protocol must be one of 2025-11-25, 2026-07-28, auto' });
  });

  test('a check that walks every era offered fails, never passes having tried none, when the deployment speaks no era --protocol asks for', async () => {
    const report = await withFakeDeployment({ offers: 'legacy' }, (fake) =>
      runAgainst(fake, { protocol: '2026-07-28', only: ['tool-error-not-found', 'revoked-access-token-401'] }),
    );
    for (const result of report.results) {
      expect(result, result.id).toMatchObject({ status: 'fail', message: 'the deployment speaks no MCP era this run asks for (--protocol 2026-07-28)' });
    }
    expect(report.results).toHaveLength(2);
  });

  test('under auto, a deployment that serves 2026-07-28 but leaves it out of its own discovery fails its modern checks instead of skipping them', async () => {
    for (const modernFault of ['no-discover', 'discover-omits-own-version'] as const) {
      const report = await withFakeDeployment({ faults: { modernFault } }, (fake) => runAgainst(fake, { only: ['modern-mcp'] }));
      expect(report.results.filter((result) => result.status === 'skip').map((result) => result.id), modernFault).toEqual([]);
      expect(report.results[0], modernFault).toMatchObject({ status: 'fail', message: expect.stringMatching(/discovery is wrong/) });
    }
  });
});

/**
 * MCP Apps extends both revisions: its checks read the view in the era there is. The fake lists
 * its app tool only to a client that offers the extension (in initialize, or in the request's
 * _meta), so a pass also shows the runner offers it as a host would.
 */
function expectAppChecksPassIn(report: Report, era: string): void {
  const apps = report.results.filter((result) => result.id.startsWith('mcp-app-'));
  expect(apps.length).toBeGreaterThan(3);
  for (const result of apps) expect(result, result.id).toMatchObject({ status: 'pass', message: expect.stringContaining(era) });
}

describe('a deployment that offers one MCP era', () => {
  const groups = ['mcp', 'tool-errors', 'modern-mcp'];
  const troubled = (report: Report) => report.results.filter((result) => result.status === 'fail' || result.status === 'warn').map((result) => `${result.id}: ${result.message}`);

  test('speaking only 2026-07-28, the initialize-based checks skip, saying why, and nothing fails', async () => {
    const report = await withFakeDeployment({ offers: 'modern' }, (fake) => runAgainst(fake, { only: groups }));
    expect(troubled(report)).toEqual([]);
    const legacy = report.results.filter((result) => {
      const check = CATALOG.find((candidate) => candidate.id === result.id);
      return check !== undefined && eraOf(check) === '2025-11-25' && check.needsSignIn;
    });
    expect(legacy.length).toBeGreaterThan(10);
    expectAppChecksPassIn(report, '2026-07-28');
    for (const result of legacy) expect(result, result.id).toMatchObject({ status: 'skip', message: expect.stringMatching(/does not speak 2025-11-25: initialize answered HTTP 400/) });
    expect(report.results.filter((result) => result.group === 'modern-mcp').map((result) => result.status)).not.toContain('skip');
    expect(report.eras).toMatch(/^2026-07-28 only \(initialize answered HTTP 400/);
    expect(report.results.find((result) => result.id === 'unauthenticated-get-401')).toMatchObject({ status: 'skip', message: expect.stringMatching(/2026-07-28 has no stream GET/) });
  }, 60_000);

  test('speaking only 2025-11-25, the modern checks skip, saying why, and only the contract\'s warning remains', async () => {
    const report = await withFakeDeployment({ offers: 'legacy' }, (fake) => runAgainst(fake, { only: groups }));
    expect(troubled(report)).toEqual([expect.stringMatching(/^stream-get-strict-clients: /)]);
    const modern = report.results.filter((result) => result.group === 'modern-mcp');
    for (const result of modern) expect(result, result.id).toMatchObject({ status: 'skip', message: expect.stringMatching(/does not speak 2026-07-28: server\/discover answered HTTP 400/) });
    expect(report.eras).toMatch(/^2025-11-25 only \(server\/discover answered HTTP 400/);
    expectAppChecksPassIn(report, '2025-11-25');
  }, 60_000);

  test('speaking both, no era check skips for want of its era', async () => {
    const report = await withFakeDeployment({}, (fake) => runAgainst(fake, { only: groups }));
    expect(report.eras).toBe('2025-11-25 and 2026-07-28');
    const eraSkips = report.results.filter((result) => result.status === 'skip' && /does not speak/.test(result.message));
    expect(eraSkips).toEqual([]);
  }, 60_000);

  test('asked for 2025-11-25 by name, a deployment without it fails the checks of that era', async () => {
    const report = await withFakeDeployment({ offers: 'modern' }, (fake) => runAgainst(fake, { only: ['tools-list'], protocol: '2025-11-25' }));
    expect(report.results[0]).toMatchObject({ status: 'fail', message: expect.stringMatching(/does not speak 2025-11-25/) });
  });

  test('every report says which eras were offered', async () => {
    const report = await withFakeDeployment({ offers: 'modern' }, (fake) => runAgainst(fake, { only: ['modern-discover'] }));
    expect(renderConsole(report, { color: false })).toMatch(/^eras offered: 2026-07-28 only/m);
    expect(renderHtml(report)).toMatch(/<dt>Eras offered<\/dt><dd>2026-07-28 only/);
    expect(renderJunit(report)).toMatch(/<property name="eras offered" value="2026-07-28 only/);
  });

  test('a run of era-free checks only makes no era probe and reports no eras', async () => {
    const report = await withFakeDeployment({}, (fake) => runAgainst(fake, { only: ['protected-resource-metadata'] }));
    expect(report.eras).toBeUndefined();
  });
});
