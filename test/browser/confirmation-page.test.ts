/**
 * The confirmation page in a real browser (Chromium): a person whose assistant cannot ask them by
 * form opens the link its tool error gave, signs in, reads the change in plain words and
 * confirms; only then does the assistant's repeated call apply it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser.js';
import { callTool } from '../helpers/mcp.js';
import { createTestUser, obtainTokens, registerClient, startTestServer, testPassword, type TestServer } from '../helpers/server.js';

/** Gitignored; copied to docs/screenshots/ by hand when the page changes. */
const screenshots = 'test-results/screenshots';

let server: TestServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  const alice = await createTestUser(server, 'alice@example.com', 'Alice Martin');
  await createTestUser(server, 'bob@example.com', 'Bob Stone');
  await server.store.insertWorkspace({ id: 'wsp_test', name: 'Test', createdAt: server.clock.now() });
  await server.store.setWorkspaceMember('wsp_test', alice.id, 'admin');
  const client = await registerClient(server, { client_name: 'Claude' });
  token = (await obtainTokens(server, { client, email: 'alice@example.com' })).tokens.access_token;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A draft survey of alice's with two questions; asking to delete the first gives the token error with the page's link. */
async function askToDelete(): Promise<{ surveyId: string; question: string; confirmation: Record<string, string> }> {
  const created = await callTool(server, token, 'create_survey', {
    workspace_id: 'wsp_test',
    title: 'Lunch poll',
    questions: [{ type: 'short_text', text: 'Where shall we eat?' }, { type: 'short_text', text: 'When?' }],
  });
  const { survey, questions } = created.payload as { survey: { id: string }; questions: Array<{ id: string }> };
  const asked = await callTool(server, token, 'delete_question', { question_id: questions[0]!.id });
  expect(asked.isError).toBe(true);
  return { surveyId: survey.id, question: questions[0]!.id, confirmation: asked.payload as Record<string, string> };
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(testPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const remaining = async (surveyId: string) =>
  ((await callTool(server, token, 'get_survey', { survey_id: surveyId })).payload as { questions: Array<{ id: string }> }).questions.map((q) => q.id);

describe('the confirmation page in a real browser', () => {
  it('asks the person to sign in, shows the change in plain words and the app, and Confirm lets the repeated call apply it', async () => {
    const { surveyId, question, confirmation } = await askToDelete();
    const context = await browser.newContext({ viewport: { width: 1100, height: 820 } });
    const page = await context.newPage();
    await page.goto(confirmation['confirm_url']!);
    expect(await page.locator('.client-name').textContent()).toBe('Claude');
    await signIn(page, 'alice@example.com');
    await page.waitForURL(/\/confirm\?seal=/);
    await expect(page.getByRole('heading', { name: 'Confirm this change' }).isVisible()).resolves.toBe(true);
    expect(await page.locator('.summary').textContent()).toBe('Deleting question 1 "Where shall we eat?" from survey "Lunch poll" cannot be undone.');
    expect(await page.locator('.client-name').textContent()).toBe('Claude');
    await page.screenshot({ path: `${screenshots}/confirmation-page.png` });

    // The assistant alone, before the click: nothing happens.
    const early = await callTool(server, token, 'delete_question', { question_id: question, confirmation_token: confirmation['confirmation_token'] });
    expect(early.payload['error']).toMatch(/^confirmation required: the person has not confirmed yet\./);
    expect(await remaining(surveyId)).toContain(question);

    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Confirmed' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${screenshots}/confirmation-confirmed.png` });
    const done = await callTool(server, token, 'delete_question', { question_id: question, confirmation_token: confirmation['confirmation_token'] });
    expect(done.isError).toBe(false);
    expect(await remaining(surveyId)).not.toContain(question);
    await context.close();
  });

  it("shows another signed-in person that the confirmation is not theirs, and their click cannot confirm it; Don't do it spends it", async () => {
    const { surveyId, question, confirmation } = await askToDelete();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(confirmation['confirm_url']!);
    await signIn(page, 'bob@example.com');
    await page.waitForURL(/\/confirm\?seal=/);
    expect(await page.getByRole('alert').textContent()).toContain('this confirmation was asked of another person');
    await expect(page.getByRole('button', { name: 'Confirm' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Sign out' }).click();

    await page.goto(confirmation['confirm_url']!);
    await signIn(page, 'alice@example.com');
    await page.waitForURL(/\/confirm\?seal=/);
    await page.getByRole('button', { name: "Don't do it" }).click();
    await expect(page.getByRole('heading', { name: 'Not confirmed' }).isVisible()).resolves.toBe(true);
    const refused = await callTool(server, token, 'delete_question', { question_id: question, confirmation_token: confirmation['confirmation_token'] });
    expect(refused.payload['error']).toBe('validation failed: confirmation_token was used already: each confirmation applies one change');
    expect(await remaining(surveyId)).toContain(question);
    await context.close();
  });
});
