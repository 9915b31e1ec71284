/**
 * The confirmation-token flow over HTTP, on both stores: what a client that cannot ask its person
 * gets (a 2025-11-25 client here; a 2026-07-28 one without elicitation in input-required.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTeamServer, type Team } from '../../helpers/backends.js';
import { callTool, postMcp, rpc } from '../../helpers/mcp.js';
import { readJson } from '../../helpers/server.js';
import { decideOnPage } from '../../helpers/person-confirms.js';
import { questionIds, scratch } from './support.js';

describe.each(backends)('a destructive call of a client that cannot ask its person (%s)', (backend) => {
  let team: Team;
  beforeAll(async () => {
    team = await startTeamServer(backend);
  });
  afterAll(() => team.close());

  const remove = (question: string, token?: string, as = team.alice) =>
    callTool(team.server, as, 'delete_question', { question_id: question, ...(token === undefined ? {} : { confirmation_token: token }) });

  it('is a tool error that says what will happen and how to confirm, with a token good for five minutes, and changes nothing', async () => {
    const { surveyId, first } = await scratch(team, 'Lunch poll');
    const now = team.server.clock.now();
    const asked = await remove(first);
    expect(asked.isError).toBe(true);
    expect(Object.keys(asked.payload)).toEqual(['error', 'confirmation_token', 'confirm_url', 'expires_at']);
    const { error, confirmation_token: token, confirm_url: page, expires_at: expiresAt } = asked.payload;
    expect(page).toBe(`${team.server.authUrl}/confirm?seal=${encodeURIComponent(token)}`);
    expect(error).toBe(
      `confirmation required: Deleting question 1 "First?" from survey "Lunch poll" cannot be undone. The person confirms it themselves, signed in, at ${page}; ` +
        `once they have, call delete_question again with the same arguments and "confirmation_token": "${token}" within 5 minutes.`,
    );
    expect(Date.parse(expiresAt) - now).toBeGreaterThan(4 * 60_000);
    expect(Date.parse(expiresAt) - now).toBeLessThanOrEqual(5 * 60_000);
    expect(await questionIds(team, surveyId)).toContain(first);
  });

  it('applies nothing when the assistant alone repeats the call with the token: only after the person confirmed on the page', async () => {
    const { surveyId, first, second } = await scratch(team);
    const { confirmation_token: token, confirm_url: page } = (await remove(first)).payload;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const early = await remove(first, token);
      expect(early.isError).toBe(true);
      expect(early.payload.error).toMatch(/^confirmation required: the person has not confirmed yet\. Deleting question 1 "First\?"/);
      expect(early.payload).toMatchObject({ confirmation_token: token, confirm_url: page });
    }
    expect(await questionIds(team, surveyId)).toEqual([first, second]);
    const decided = await decideOnPage(page, 'alice@example.com');
    expect(decided.status).toBe(200);
    expect(decided.page).toContain('Confirmed');
    const done = await remove(first, token);
    expect(done).toMatchObject({ isError: false, structured: { deleted: true, question_id: first, survey_id: surveyId } });
    expect(await questionIds(team, surveyId)).toEqual([second]);
    expect((await remove(first, token)).payload).toEqual({
      error: 'validation failed: confirmation_token was used already: each confirmation applies one change',
    });
  });

  it('refuses the token once the person declined on the page, and changes nothing', async () => {
    const { surveyId, first, second } = await scratch(team);
    const { confirmation_token: token, confirm_url: page } = (await remove(first)).payload;
    expect((await decideOnPage(page, 'alice@example.com', 'decline')).page).toContain('Not confirmed');
    expect((await remove(first, token)).payload.error).toBe('validation failed: confirmation_token was used already: each confirmation applies one change');
    expect(await questionIds(team, surveyId)).toEqual([first, second]);
  });

  it('refuses a token for other arguments, another tool, another person, an altered or an expired one, and changes nothing', async () => {
    const { surveyId, first, second } = await scratch(team);
    const token = (await remove(first)).payload.confirmation_token as string;
    const refusal = async (answer: Promise<{ payload: Record<string, any> }>) => (await answer).payload.error;
    expect(await refusal(remove(second, token))).toBe('validation failed: confirmation_token was issued for other arguments');
    expect(await refusal(callTool(team.server, team.alice, 'update_question', { question_id: first, text: 'x', confirmation_token: token }))).toBe(
      'validation failed: confirmation_token was issued for delete_question, not update_question',
    );
    expect(await refusal(remove(first, token, team.bob))).toBe('validation failed: confirmation_token was issued to another person');
    expect(await refusal(remove(first, `${token.slice(0, -2)}AA`))).toBe(
      'validation failed: confirmation_token does not open: it was altered, or not issued by this server',
    );
    team.server.clock.advance(5 * 60_000);
    expect(await refusal(remove(first, token))).toMatch(/^validation failed: confirmation_token has expired/);
    expect(await questionIds(team, surveyId)).toEqual([first, second]);
  });

  it('leaves a call that needs no confirmation as it was, and lists confirmation_token on the five confirmable tools only', async () => {
    const { surveyId } = await scratch(team);
    expect((await callTool(team.server, team.alice, 'update_survey', { survey_id: surveyId, title: 'Renamed' })).structured).toMatchObject({ survey: { title: 'Renamed' } });
    const { result } = await readJson(await postMcp(team.server, rpc('tools/list'), { token: team.alice }));
    const confirmable = result.tools.filter((tool: any) => 'confirmation_token' in tool.inputSchema.properties).map((tool: any) => tool.name);
    expect(confirmable.sort()).toEqual(['delete_question', 'set_survey_status', 'share_survey', 'update_question', 'update_survey']);
    const deletion = result.tools.find((tool: any) => tool.name === 'delete_question');
    expect(deletion.inputSchema.required).toEqual(['question_id']);
    expect(deletion.outputSchema.anyOf[1]).toMatchObject({ required: ['changed', 'confirmed', 'message'] });
  });
});
