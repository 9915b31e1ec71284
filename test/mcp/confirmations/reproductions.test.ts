/**
 * The reproductions of issue 42 over HTTP on the demo data, in both eras: a change that ends or
 * pauses collection of a survey with responses asks whatever field causes it, a confirmation is
 * bound to what the person was told, and the page takes only this site's own form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../../../src/platform/demo/index.js';
import { callTool, callToolIn, tokenFor, type Era } from '../../helpers/mcp.js';
import { personConfirms } from '../../helpers/person-confirms.js';
import { CookieJar, formFields, startTestServer, type TestServer } from '../../helpers/server.js';

let server: TestServer;
let alice: string;
beforeAll(async () => {
  server = await startTestServer({ seedDemo: true, mcpRateLimit: { limit: 1_000_000, windowMs: 60_000 } });
  alice = await tokenFor(server, 'alice@example.com');
});
afterAll(() => server.close());

const at = (ms: number) => new Date(server.clock.now() + ms).toISOString();
/** A response limit at srv_demo_nps's completed responses: it would close the survey at once. */
const limitAtCount = async () => ({
  survey_id: 'srv_demo_nps',
  response_limit: ((await callTool(server, alice, 'get_survey', { survey_id: 'srv_demo_nps' })).payload as { survey: { response_counts: { completed: number } } }).survey.response_counts.completed,
});
const status = async () => ((await callTool(server, alice, 'get_survey', { survey_id: 'srv_demo_nps' })).payload as { survey: { status: string } }).survey.status;

describe.each(['legacy', 'modern'] as Era[])('a schedule change that ends or pauses collection of srv_demo_nps (1,500 responses), %s era', (era) => {
  it('asks before a closes_at two seconds away, and the survey stays open past it', async () => {
    const asked = await callToolIn(era, server, alice, 'update_survey', { survey_id: 'srv_demo_nps', closes_at: at(2000) });
    expect(asked.isError).toBe(true);
    expect(asked.payload['error']).toMatch(/^confirmation required: Setting the closing time of survey "Customer NPS, Q2" to .+ closes it within 5 minutes: it stops collecting responses; it has 1,500 responses\./);
    server.clock.advance(3000);
    expect(await status()).toBe('open');
  });

  it('asks before an opens_at moved into the future, and changes nothing', async () => {
    const asked = await callToolIn(era, server, alice, 'update_survey', { survey_id: 'srv_demo_nps', opens_at: at(86_400_000) });
    expect(asked.payload['error']).toMatch(/^confirmation required: Moving the opening time of survey "Customer NPS, Q2" to .+ stops it collecting responses until then; it has 1,500 responses\./);
    const read = await callTool(server, alice, 'get_survey', { survey_id: 'srv_demo_nps' });
    expect((read.payload as { survey: { opens_at: string | null } }).survey.opens_at).toBeNull();
  });
});

describe('a confirmation bound to what the person was told', () => {
  it('asks again when the role it lowers changed since: "from analyst to viewer" never removes an editor role', async () => {
    const lowering = { survey_id: 'srv_demo_nps', user_email: 'bob@example.com', role: 'viewer' };
    const asked = await callTool(server, alice, 'share_survey', lowering);
    expect(asked.payload['error']).toContain('from analyst to viewer');
    await personConfirms(server, asked.payload['confirmation_token']);
    await callTool(server, alice, 'share_survey', { ...lowering, role: 'editor' });
    const stale = await callTool(server, alice, 'share_survey', { ...lowering, confirmation_token: asked.payload['confirmation_token'] });
    expect(stale.payload['error']).toMatch(/^confirmation required: what the person confirmed has changed since, so they must confirm again\. Lowering bob@example\.com's role .* from editor to viewer/);
    const collaborators = await callTool(server, alice, 'get_survey', { survey_id: 'srv_demo_nps' });
    expect((collaborators.payload as { collaborators: Array<{ email: string; role: string }> }).collaborators).toContainEqual(expect.objectContaining({ email: 'bob@example.com', role: 'editor' }));
  });

  it('asks again when the question it deletes was reworded since', async () => {
    const created = await callTool(server, alice, 'create_survey', {
      workspace_id: 'wsp_demo_acme',
      title: 'Reworded',
      questions: [{ type: 'short_text', text: 'Keep me?' }, { type: 'short_text', text: 'Other?' }],
    });
    const question = (created.payload as { questions: Array<{ id: string }> }).questions[0]!.id;
    const asked = await callTool(server, alice, 'delete_question', { question_id: question });
    await personConfirms(server, asked.payload['confirmation_token']);
    await callTool(server, alice, 'update_question', { question_id: question, text: 'The important one' });
    const stale = await callTool(server, alice, 'delete_question', { question_id: question, confirmation_token: asked.payload['confirmation_token'] });
    expect(stale.payload['error']).toMatch(/^confirmation required: what the person confirmed has changed since.* Deleting question 1 "The important one"/);
    expect((await callTool(server, alice, 'get_survey', { survey_id: (created.payload as { survey: { id: string } }).survey.id })).payload['questions']).toHaveLength(2);
  });

  it('refuses unasked a call the platform will refuse: a settings change of an answered question', async () => {
    const refused = await callTool(server, alice, 'update_question', { question_id: 'qst_demo_nps_1', text: 'Recommend us?', settings: { min: 1 } });
    expect(refused.payload['error']).toMatch(/^validation failed: /);
    expect(refused.payload).not.toHaveProperty('confirmation_token');
  });
});

describe('the confirmation page', () => {
  it('takes only its own form: a missing or forged CSRF token, or another origin, is refused and confirms nothing', async () => {
    const limit = await limitAtCount();
    const asked = await callTool(server, alice, 'update_survey', limit);
    const { confirm_url: page, confirmation_token: token } = asked.payload as Record<string, string>;
    const browser = new CookieJar();
    const signIn = await (await browser.fetch(page!)).text();
    await browser.postForm(`${server.authUrl}/sign-in`, { ...formFields(signIn, '/sign-in'), email: 'alice@example.com', password: demoPassword });
    const form = formFields(await (await browser.fetch(page!)).text(), '/confirm');
    for (const fields of [{ ...form, csrf_token: 'forged' }, { seal: form['seal']! }] as Array<Record<string, string>>) {
      expect((await browser.postForm(`${server.authUrl}/confirm`, { ...fields, decision: 'approve' })).status).toBe(403);
    }
    const foreign = await browser.fetch(`${server.authUrl}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ ...form, decision: 'approve' }).toString(),
    });
    expect(foreign.status).toBe(403);
    const retry = await callTool(server, alice, 'update_survey', { ...limit, confirmation_token: token });
    expect(retry.payload['error']).toMatch(/^confirmation required: the person has not confirmed yet\./);
    expect(await status()).toBe('open');
  });

  it('answers a link that is cut short, altered or expired with a page that says so', async () => {
    const asked = await callTool(server, alice, 'update_survey', await limitAtCount());
    const page = asked.payload['confirm_url'] as string;
    const altered = await fetch(`${page.slice(0, -4)}AAAA`);
    expect(altered.status).toBe(400);
    expect(await altered.text()).toContain('this link is no confirmation of this server');
    expect((await fetch(`${server.authUrl}/confirm`)).status).toBe(400);
    server.clock.advance(5 * 60_000);
    expect(await (await fetch(page)).text()).toContain('this confirmation has expired');
  });
});
