import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import { eraOf } from '../../conformance/check.js';
import { conformanceCommand } from '../../conformance/command.js';
import { selectChecks } from '../../conformance/select.js';
import { runAgainst, withFakeDeployment } from './harness.js';

const ids = (protocol: '2025-11-25' | '2026-07-28' | 'auto') => selectChecks(CATALOG, [], [], protocol).map((check) => check.id);

describe('choosing the MCP era with --protocol', () => {
  test('2026-07-28 runs the modern group and the era-free checks, not the initialize-based ones', () => {
    const selected = ids('2026-07-28');
    expect(selected).toContain('modern-discover');
    expect(selected).toContain('protected-resource-metadata');
    expect(selected).not.toContain('initialize');
    expect(selected).not.toContain('tool-error-not-found');
  });

  test('2025-11-25 runs every check but the modern group; auto runs them all', () => {
    expect(ids('2025-11-25').filter((id) => id.startsWith('modern-'))).toEqual([]);
    expect(ids('auto')).toEqual(CATALOG.map((check) => check.id));
  });

  test('--list shows the era of each check', async () => {
    let out = '';
    await conformanceCommand({ list: true }, { stdout: { isTTY: false, write: (text: string) => (out += text) }, stderr: { isTTY: false, write: () => true }, env: {} });
    for (const check of CATALOG) expect(out).toMatch(new RegExp(`  ${check.id} +${check.level} +MCP ${eraOf(check)} +\\S`));
  });

  test('an unknown --protocol is a usage error that lists the choices', async () => {
    const error = await conformanceCommand({ url: 'http://127.0.0.1:9', protocol: '2024-01-01' }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ exitCode: 2, message: '--protocol must be one of 2025-11-25, 2026-07-28, auto' });
  });

  test('under auto, a deployment without the modern era has its modern checks skipped, saying why', async () => {
    const report = await withFakeDeployment({ faults: { modernFault: 'no-discover' } }, (fake) => runAgainst(fake, { only: ['modern-mcp'] }));
    expect(report.results.map((result) => result.status)).toEqual(report.results.map(() => 'skip'));
    expect(report.results[0]?.message).toMatch(/does not speak 2026-07-28: server\/discover answered HTTP 404/);
  });
});
