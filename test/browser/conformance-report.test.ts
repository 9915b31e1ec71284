import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVARIANTS } from '../../conformance/invariants/catalog.js';
import { allResults, type Report } from '../../conformance/report.js';
import { renderHtml } from '../../conformance/reporters/html.js';
import { runConformance } from '../../conformance/run.js';
import { issueServiceToken } from '../../src/oauth/service-tokens.js';
import { runAgainst, withFakeDeployment } from '../conformance/harness.js';
import { launchChromium } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

/** Gitignored; copy a picture into docs/screenshots/ by hand when the page changes. */
const screenshots = 'test-results/screenshots';

let browser: Browser;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'conformance-html-'));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Opens the report as QA would open a CI artifact: a file, with no network. */
async function openReport(report: Report, name: string, width = 1100): Promise<{ page: Page; problems: string[] }> {
  const file = join(dir, `${name}.html`);
  await writeFile(file, renderHtml(report));
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => problems.push(message.text()));
  page.on('dialog', (dialog) => problems.push(`dialog: ${dialog.message()}`));
  page.on('request', (request) => {
    if (!request.url().startsWith('file:')) problems.push(`request: ${request.url()}`);
  });
  await page.goto(pathToFileURL(file).href);
  return { page, problems };
}

/**
 * Runs in the page (a string: this project's TypeScript has no DOM types): every element that
 * ends right of its card, and every card that ends right of the page's content box.
 */
const PAST_THE_EDGE = `(() => {
  const found = [];
  const body = document.body.getBoundingClientRect().right - parseFloat(getComputedStyle(document.body).paddingRight);
  for (const card of document.querySelectorAll('header, table.summary, nav.attention, section.group, details.check')) {
    const edge = card.getBoundingClientRect().right;
    if (edge > body + 0.5) found.push(card.tagName.toLowerCase() + '.' + card.className + ' ends at ' + edge + ', past the page at ' + body);
    for (const element of card.querySelectorAll('*')) {
      const right = element.getBoundingClientRect().right;
      if (right > edge + 0.5) found.push(element.tagName.toLowerCase() + '.' + element.className + ' ends at ' + right + ', past its card at ' + edge);
    }
  }
  if (document.documentElement.scrollWidth > document.documentElement.clientWidth) found.push('the page scrolls sideways');
  return found;
})()`;

describe('the HTML conformance report in a real browser', () => {
  it('shows a run against our own server: no failure, the one warning the contract’s 404 earns open, passes folded', async () => {
    // A short refresh grace, told to the runner: its replay checks wait the grace out in real
    // time, so the server's clock follows the real one.
    const server = await startTestServer({ seedDemo: true, refreshGraceMs: 2_000 });
    const ticking = setInterval(() => server.clock.set(Date.now()), 50);
    try {
      const alice = (await server.store.findUserByEmail('alice@example.com'))!;
      const foreign = await issueServiceToken(server.store, server.clock, { userId: alice.id, scope: 'reporting', ttlMs: 600_000 });
      // The rate-limit group and token expiry wait out real time, and the confirmations walk a
      // scratch survey through every era's flow; they have their own tests.
      const report = await runConformance({
        url: server.baseUrl,
        signIn: { kind: 'password', user: 'alice@example.com', password: 'survey-demo' },
        foreignToken: foreign.token,
        skip: ['rate-limits', 'confirmations', 'expired-token-401'],
        refreshGraceSeconds: 2,
      });
      const { page, problems } = await openReport(report, 'our-server');
      expect(await page.locator('.verdict').textContent()).toBe('every MUST passed (1 warning)');
      // Every group but the skipped rate limits and confirmations, the 2026-07-28 one (modern-mcp), id-jag (skipped: not offered) and the invariants included.
      expect(await page.locator('table.summary', { hasText: 'By group' }).locator('tbody tr').count()).toBe(9);
      expect(await page.locator('.segment.fail').count()).toBe(0);
      expect(await page.locator('details.check').count()).toBe(allResults(report).length);
      expect(await page.locator('details.check[open]').evaluateAll((open) => open.map((check) => check.id))).toEqual([
        'check-stream-get-strict-clients',
      ]);
      await expect(page.locator('#check-initialize .exchange').first().isVisible()).resolves.toBe(false);
      await page.locator('#check-initialize > summary').click();
      await expect(page.locator('#check-initialize .exchange').first().isVisible()).resolves.toBe(true);
      expect(problems).toEqual([]);
    } finally {
      clearInterval(ticking);
      await server.close();
    }
  }, 200_000);

  it('shows a root cause once: the checks it blocks have a segment of their own and link back to it', async () => {
    const report = await withFakeDeployment({ faults: { prmOverrides: { resource: 'https://elsewhere.example' } } }, (fake) =>
      runAgainst(fake, { only: ['protected-resource-metadata', 'issuer-matches-base-url', 'initialize', 'tools-list'] }),
    );
    const { page, problems } = await openReport(report, 'blocked-run');
    expect(await page.locator('.verdict').textContent()).toBe('1 of 4 checks failed, 3 blocked by them');
    expect(await page.locator('nav.attention li').allTextContents()).toEqual([
      expect.stringMatching(/^FAIL protected-resource-metadata: .*elsewhere\.example.*\(root cause: blocks 3 checks\)$/),
    ]);
    // The issuer check needs the metadata too: one blocked in discovery's bar, two in mcp's.
    expect(await page.locator('.segment.blocked').allTextContents()).toEqual(['1', '2']);
    const blocked = page.locator('#check-initialize');
    expect(await blocked.locator('.badge').textContent()).toBe('BLOCKED');
    await blocked.locator('summary').click();
    await blocked.locator('.message a').click();
    expect(new URL(page.url()).hash).toBe('#check-protected-resource-metadata');
    expect(problems).toEqual([]);
  });

  it('shows a wrong deployment: the failing checks open with the request and the answer that gave it away', async () => {
    const report = await withFakeDeployment({ faults: { omitWwwAuthenticate: true, ignoreProtocolVersion: true } }, (fake) =>
      runAgainst(fake, { only: ['discovery', 'initialize', 'tools-list', 'missing-token-401', 'unsupported-protocol-version-400'] }),
    );
    const { page, problems } = await openReport(report, 'wrong-deployment');
    // Without a challenge there is no metadata pointer to follow either (RFC 9728 section 5.1).
    expect(await page.locator('.verdict').textContent()).toBe(`2 of ${report.results.length} checks failed, 1 of ${INVARIANTS.length} invariants failed`);
    expect(await page.locator('nav.attention li').allTextContents()).toEqual([
      expect.stringMatching(/^FAIL missing-token-401: .*WWW-Authenticate/),
      expect.stringMatching(/^WARN unsupported-protocol-version-400: .*expected HTTP 400, got HTTP 200/),
      expect.stringMatching(/^FAIL challenge-metadata-names-resource: /),
      expect.stringMatching(/^FAIL mcp-401-challenge: .*a 401 without WWW-Authenticate/),
    ]);
    const failed = page.locator('#check-missing-token-401');
    expect(await failed.getAttribute('open')).toBe('');
    const exchange = failed.locator('.exchange').last();
    await expect(exchange.isVisible()).resolves.toBe(true);
    expect(await exchange.locator('.request').textContent()).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\//);
    expect(await exchange.locator('.response').textContent()).toBe('HTTP 401');
    expect(await exchange.locator('dl.headers').last().textContent()).not.toContain('www-authenticate');
    await expect(page.locator('#check-initialize .exchange').first().isVisible()).resolves.toBe(false);
    // One failure in each of three groups' bars: discovery's, mcp's and the invariants'.
    expect(await page.locator('.segment.fail').allTextContents()).toEqual(['1', '1', '1']);
    expect(await page.locator('#check-unsupported-protocol-version-400').getAttribute('open')).toBe('');
    expect(problems).toEqual([]);
    await page.screenshot({ path: `${screenshots}/conformance-report.png`, fullPage: true });
  });

  it.each([1100, 390])('keeps long URLs, meta lines and group totals inside their cards, %i px wide', async (width) => {
    const report = await withFakeDeployment({ faults: { omitWwwAuthenticate: true } }, (fake) =>
      runAgainst(fake, { only: ['discovery', 'missing-token-401', 'invalid-token-401'] }),
    );
    const long = 'https://staging-conformance.eu-west-1.survey-platform.example.com/tenants/acme-corporation-international/mcp';
    const stretched: Report = {
      ...report,
      target: long,
      results: report.results.map((result) => ({
        ...result,
        spec: `${result.spec}; section 5.4 (RFC 6750 section 3, RFC 9728 section 5.1); ${long}`,
        message: `${result.message} at ${long}/.well-known/oauth-protected-resource`,
      })),
    };
    const { page, problems } = await openReport(stretched, `long-lines-${width}`, width);
    await page.locator('details.check').evaluateAll((checks) => checks.forEach((check) => check.setAttribute('open', '')));
    const overflowing = await page.evaluate<string[]>(PAST_THE_EDGE);
    expect(overflowing).toEqual([]);
    expect(problems).toEqual([]);
    await page.screenshot({ path: `${screenshots}/conformance-report-long-lines-${width}.png` });
  });

  it('shows what a hostile deployment answered as text, and runs none of it', async () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const report = await withFakeDeployment({ faults: { omitWwwAuthenticate: true } }, (fake) => runAgainst(fake, { only: ['missing-token-401'] }));
    const [result] = report.results;
    const poisoned: Report = {
      ...report,
      results: [{ ...result!, message: hostile, evidence: result!.evidence.map((evidence) => ({ ...evidence, responseBody: hostile })) }],
      // The check alone: the invariants' results would carry the same answer, unpoisoned.
      invariants: undefined,
    };
    const { page, problems } = await openReport(poisoned, 'hostile');
    expect(await page.locator('.message').textContent()).toBe(hostile);
    expect(await page.locator('pre.body').last().textContent()).toBe(hostile);
    expect(await page.locator('img, script').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
