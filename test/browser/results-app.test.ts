import { build } from 'esbuild';
import type { Browser, Frame, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser.js';
import { callToolRaw, postMcp, rpc, tokenFor } from '../helpers/mcp.js';
import { readJson, startTestServer, type TestServer } from '../helpers/server.js';

/** Gitignored; copy a picture into docs/screenshots/ by hand when the view changes. */
const screenshots = 'test-results/screenshots';

let server: TestServer;
let browser: Browser;
let alice: string;
let viewHtml: string;
let hostScript: string;

/** The test host (ext-apps' AppBridge), bundled for the page. */
async function bundleHost(): Promise<string> {
  const bundle = await build({ entryPoints: ['test/browser/mcp-app-host.js'], bundle: true, format: 'iife', write: false, logLevel: 'silent' });
  return bundle.outputFiles[0]!.text;
}

beforeAll(async () => {
  server = await startTestServer({ seedDemo: true });
  alice = await tokenFor(server, 'alice@example.com');
  const listing = await readJson(await postMcp(server, rpc('tools/list'), { token: alice }));
  const uri = listing.result.tools.find((tool: { name: string }) => tool.name === 'get_survey_results')._meta.ui.resourceUri;
  const read = await readJson(await postMcp(server, rpc('resources/read', { uri }), { token: alice }));
  viewHtml = read.result.contents[0].text;
  hostScript = await bundleHost();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Hosted {
  readonly page: Page;
  readonly view: Frame;
  readonly requests: string[];
}

/**
 * A host as an assistant runs one: the view in a sandboxed frame, ext-apps' AppBridge on the
 * host side, the tool's arguments and its real answer sent once the view is initialized, and
 * the frame resized to what the view reports.
 */
async function hostView(args: Record<string, unknown>, answer: unknown, theme: 'light' | 'dark', drawn = 'header'): Promise<Hosted> {
  const context = await browser.newContext({ viewport: { width: 820, height: 1400 } });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.setContent(`<!doctype html><body style="margin:0;background:${theme === 'dark' ? '#0d0f12' : '#eef0f3'}">
<iframe id="view" sandbox="allow-scripts" style="display:block;border:0;width:780px;height:200px;margin:20px"></iframe></body>`);
  await page.addScriptTag({ content: hostScript });
  const hostContext = { theme, locale: 'en-US', displayMode: 'inline' };
  await page.evaluate((input) => (globalThis as any).hostView(input), { html: viewHtml, args, answer, hostContext });
  const view = page.frames().find((frame) => frame !== page.mainFrame())!;
  await view.waitForSelector(drawn);
  return { page, view, requests };
}

async function resultsFor(args: Record<string, unknown>) {
  const { body } = await callToolRaw(server, alice, 'get_survey_results', args);
  return body.result as { structuredContent: any; content: unknown[] };
}

const count = (value: number) => value.toLocaleString('en-US');
const signed = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(value);
const texts = (scope: { locator(selector: string): Locator }, selector: string) => scope.locator(selector).allTextContents();
const widths = (scope: { locator(selector: string): Locator }, selector: string) =>
  scope.locator(selector).evaluateAll((bars) => bars.map((bar) => (bar as unknown as { style: { width: string } }).style.width));
const background = (view: Frame) => view.evaluate<string>('getComputedStyle(document.body).backgroundColor');

describe('the get_survey_results view in a host built on ext-apps AppBridge', () => {
  it('draws srv_demo_nps: response count, filters, the NPS score and split, the 0–10 histogram, plan bars and comments', async () => {
    const args = { survey_id: 'srv_demo_nps' };
    const answer = await resultsFor(args);
    const results = answer.structuredContent;
    const [npsQuestion, planQuestion, textQuestion] = results.questions;
    const { page, view, requests } = await hostView(args, answer, 'light');

    expect(await view.locator('.response-count dd').textContent()).toBe(count(results.response_count));
    expect(await view.locator('.filter-status dd').textContent()).toBe('completed');
    expect(await view.locator('.question h2').allTextContents()).toEqual(results.questions.map((question: { text: string }) => question.text));

    const nps = view.locator(`[data-question-id="${npsQuestion.question_id}"]`);
    expect(await nps.locator('.nps-score .score').textContent()).toBe(signed(npsQuestion.nps.score));
    expect(await widths(view, '.nps-split .segment')).toEqual(
      ['detractors', 'passives', 'promoters'].map((group) => `${npsQuestion.nps[`${group}_percent`]}%`),
    );
    expect(await nps.locator('.histogram .column').count()).toBe(11);
    expect(await texts(view, '.histogram .tick')).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(await nps.locator('.histogram .column.promoters').count()).toBe(2);

    const plan = view.locator(`[data-question-id="${planQuestion.question_id}"]`);
    expect(await plan.locator('.choice .label').allTextContents()).toEqual(['Free', 'Pro', 'Enterprise']);
    expect(await widths(plan, '.bar')).toEqual(
      planQuestion.choices.map((choice: { percent: number }) => `${choice.percent}%`),
    );
    expect(await view.locator(`[data-question-id="${textQuestion.question_id}"] .samples li`).count()).toBe(textQuestion.samples.length);

    // The view told the host its height, and the host sized the frame to it.
    const sizes = await page.evaluate<number[]>('sizes');
    expect(sizes.at(-1)).toBeGreaterThan(600);
    expect(requests.filter((url) => !url.startsWith('about:') && !url.startsWith('data:'))).toEqual([]);
    await page.locator('#view').screenshot({ path: `${screenshots}/results-app.png` });
  });

  it('draws segments side by side when segment_by was used, each with its own NPS, in the dark theme', async () => {
    const args = { survey_id: 'srv_demo_nps', segment_by: 'qst_demo_nps_2', question_ids: ['qst_demo_nps_1'] };
    const answer = await resultsFor(args);
    const results = answer.structuredContent;
    const { page, view } = await hostView(args, answer, 'dark');

    expect(await view.locator('.segmented-by dd').textContent()).toBe('Which plan are you on?');
    const columns = view.locator('[data-question-id="qst_demo_nps_1"] .segment-column');
    expect(await columns.locator('h3').allTextContents()).toEqual([
      `All responses n=${count(results.response_count)}`,
      ...results.segmented_by.segments.map((segment: { label: string; response_count: number }) => `${segment.label} n=${count(segment.response_count)}`),
    ]);
    expect(await columns.locator('.nps-score .score').allTextContents()).toEqual([
      signed(results.questions[0].nps.score),
      ...results.segmented_by.segments.map((segment: { questions: { nps: { score: number } }[] }) => signed(segment.questions[0]!.nps.score)),
    ]);
    // Values nobody in a segment chose still get their (empty) column, so the histograms line up.
    for (const column of await columns.all()) expect(await texts(column, '.histogram .tick')).toHaveLength(11);
    expect(await view.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(luminance(await background(view))).toBeLessThan(0.1);
    await page.locator('#view').screenshot({ path: `${screenshots}/results-app-segments-dark.png` });
  });

  it('draws the other question types of srv_demo_pulse: a rating histogram, a number line, dates, and why comments are hidden', async () => {
    const args = { survey_id: 'srv_demo_pulse' };
    const { body } = await callToolRaw(server, await tokenFor(server, 'bob@example.com'), 'get_survey_results', args);
    const results = body.result.structuredContent;
    const byType = (type: string) => results.questions.find((question: { type: string }) => question.type === type);
    const { page, view } = await hostView(args, body.result, 'light');

    const rating = view.locator(`[data-question-id="${byType('rating').question_id}"]`);
    expect(await texts(rating, '.histogram .tick')).toEqual(byType('rating').distribution.map((bucket: { value: number }) => String(bucket.value)));
    expect(await rating.locator('.stats .mean').textContent()).toBe(String(byType('rating').mean));
    const number = view.locator(`[data-question-id="${byType('number').question_id}"]`);
    expect(await texts(number, '.range .end')).toEqual([String(byType('number').min), String(byType('number').max)]);
    expect(await number.locator('.range .mark').count()).toBe(2);
    expect(await view.locator(`[data-question-id="${byType('date').question_id}"] .dates`).textContent()).toMatch(/^\w{3} \d{1,2}, 2026 to \w{3} \d{1,2}, 2026$/);
    expect(await view.locator(`[data-question-id="${byType('long_text').question_id}"] .hidden-samples`).textContent()).toBe(
      `Answers not shown: ${byType('long_text').samples_hidden}.`,
    );
    await page.locator('#view').screenshot({ path: `${screenshots}/results-app-pulse.png` });
  });

  it('follows the host when it switches theme after drawing', async () => {
    const args = { survey_id: 'srv_demo_nps', question_ids: ['qst_demo_nps_2'] };
    const { page, view } = await hostView(args, await resultsFor(args), 'light');
    expect(luminance(await background(view))).toBeGreaterThan(0.9);
    await page.evaluate("bridge.setHostContext({ theme: 'dark', locale: 'en-US', displayMode: 'inline' })");
    await view.waitForSelector('html[data-theme="dark"]');
    expect(luminance(await background(view))).toBeLessThan(0.1);
  });

  it('shows a tool error as a sentence, not a chart', async () => {
    const args = { survey_id: 'srv_missing' };
    const { view } = await hostView(args, await resultsFor(args), 'light', '.problem');
    expect(await view.locator('.problem').textContent()).toMatch(/^No results: .*srv_missing/);
  });

  it('shows labels written by survey authors as text, never as markup', async () => {
    const args = { survey_id: 'srv_demo_nps', question_ids: ['qst_demo_nps_2'] };
    const answer = await resultsFor(args);
    const hostile = '<img src=x onerror="parent.postMessage(1, \'*\')">Free';
    answer.structuredContent.questions[0].choices[0].label = hostile;
    const { view } = await hostView(args, answer, 'light');
    expect(await view.locator('.choice .label').first().textContent()).toBe(hostile);
    expect(await view.locator('img').count()).toBe(0);
  });
});

/** Relative luminance of an `rgb(r, g, b)` colour, 0 (black) to 1 (white). */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number).map((channel) => channel / 255);
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
