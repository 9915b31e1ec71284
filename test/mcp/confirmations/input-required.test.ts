/**
 * 2026-07-28 confirmations (MRTR, SEP-2322) over HTTP, on both stores: a client that declared
 * elicitation gets an input-required result, and the change happens only on the retry that
 * carries the person's "yes" and the sealed state, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTeamServer, type Team } from '../../helpers/backends.js';
import { callTool } from '../../helpers/mcp.js';
import { decideOnPage, personConfirms } from '../../helpers/person-confirms.js';
import { answer, modernCall, questionIds, scratch } from './support.js';

const serverInfo = { 'io.modelcontextprotocol/serverInfo': { name: 'survey-mcp', title: 'Survey MCP', version: expect.any(String) } };

describe.each(backends)('a destructive 2026-07-28 call of a client that declared elicitation (%s)', (backend) => {
  let team: Team;
  beforeAll(async () => {
    team = await startTeamServer(backend);
  });
  afterAll(() => team.close());

  it('answers the input-required result asking the person in plain words, and changes nothing yet', async () => {
    const { surveyId, first } = await scratch(team, 'Lunch poll');
    const asked = await modernCall(team, team.alice, 'delete_question', { question_id: first });
    expect(asked.result).toEqual({
      resultType: 'input_required',
      inputRequests: {
        confirm: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: 'Deleting question 1 "First?" from survey "Lunch poll" cannot be undone.',
            requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Confirm' } }, required: ['confirm'] },
          },
        },
      },
      requestState: expect.stringMatching(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/),
      _meta: serverInfo,
    });
    expect(await questionIds(team, surveyId)).toContain(first);
  });

  it('applies the change on the retry carrying the person\'s yes and the echoed state, and refuses that state a second time with -32602', async () => {
    const { surveyId, first, second } = await scratch(team);
    const args = { question_id: first };
    const { requestState } = (await modernCall(team, team.alice, 'delete_question', args)).result;
    const done = await modernCall(team, team.alice, 'delete_question', args, { ...answer('accept', true), requestState });
    expect(done.result).toMatchObject({ resultType: 'complete', structuredContent: { deleted: true, question_id: first, survey_id: surveyId } });
    expect(await questionIds(team, surveyId)).toEqual([second]);
    const again = await modernCall(team, team.alice, 'delete_question', args, { ...answer('accept', true), requestState });
    expect(again.error).toEqual({ code: -32602, message: 'Invalid params: requestState was used already: each confirmation applies one change' });
  });

  it('changes nothing when the person declines, cancels or answers no, in a complete result that says so, and spends the state', async () => {
    const { surveyId, first } = await scratch(team);
    const args = { question_id: first };
    for (const [action, confirm] of [['decline'], ['cancel'], ['accept', false]] as const) {
      const { requestState } = (await modernCall(team, team.alice, 'delete_question', args)).result;
      const declined = await modernCall(team, team.alice, 'delete_question', args, { ...answer(action, confirm), requestState });
      expect(declined.result, `${action} ${confirm}`).toEqual({
        resultType: 'complete',
        content: [{ type: 'text', text: JSON.stringify(declined.result.structuredContent) }],
        structuredContent: { changed: false, confirmed: false, message: 'Nothing changed: the person did not confirm delete_question.' },
        _meta: serverInfo,
      });
      // The client cannot turn the person's no into a yes afterwards.
      const forged = await modernCall(team, team.alice, 'delete_question', args, { ...answer('accept', true), requestState });
      expect(forged.error, `${action} ${confirm}`).toEqual({ code: -32602, message: 'Invalid params: requestState was used already: each confirmation applies one change' });
    }
    expect(await questionIds(team, surveyId)).toContain(first);
  });

  it('refuses a requestState sent back as a confirmation_token, a token sent back as a requestState, and a 2025-11-25 token in 2026-07-28', async () => {
    const { surveyId, first, second } = await scratch(team);
    const args = { question_id: first };
    const { requestState } = (await modernCall(team, team.alice, 'delete_question', args)).result;
    const asToken = await modernCall(team, team.alice, 'delete_question', { ...args, confirmation_token: requestState }, {}, { sampling: {} });
    expect(JSON.parse(asToken.result.content[0].text)).toEqual({ error: 'validation failed: confirmation_token was issued as a requestState of a form, not as a confirmation_token' });
    const token = JSON.parse((await modernCall(team, team.alice, 'delete_question', args, {}, {})).result.content[0].text).confirmation_token;
    await personConfirms(team.server, token);
    const asState = await modernCall(team, team.alice, 'delete_question', args, { ...answer('accept', true), requestState: token });
    expect(asState.error).toEqual({ code: -32602, message: 'Invalid params: requestState was issued as a confirmation_token, not as a requestState of a form' });
    const legacy = await callTool(team.server, team.alice, 'delete_question', args);
    await personConfirms(team.server, legacy.payload.confirmation_token);
    const acrossEras = await modernCall(team, team.alice, 'delete_question', { ...args, confirmation_token: legacy.payload.confirmation_token }, {}, {});
    expect(JSON.parse(acrossEras.result.content[0].text)).toEqual({ error: 'validation failed: confirmation_token was issued in protocol revision 2025-11-25, not 2026-07-28' });
    expect(await questionIds(team, surveyId)).toEqual([first, second]);
  });

  it('refuses with -32602 a state that was altered, is another call\'s, another person\'s or has expired, and changes nothing', async () => {
    const { surveyId, first, second } = await scratch(team);
    const { requestState } = (await modernCall(team, team.alice, 'delete_question', { question_id: first })).result;
    const yes = answer('accept', true);
    const refusal = async (token: string, args: Record<string, unknown>, state: string, name = 'delete_question') =>
      (await modernCall(team, token, name, args, { ...yes, requestState: state })).error;
    expect(await refusal(team.alice, { question_id: first }, `${requestState}-TAMPERED`)).toEqual({
      code: -32602,
      message: 'Invalid params: requestState does not open: it was altered, or not issued by this server',
    });
    expect((await refusal(team.alice, { question_id: second }, requestState)).message).toBe('Invalid params: requestState was issued for other arguments');
    expect((await refusal(team.alice, { question_id: first, text: 'x' }, requestState, 'update_question')).message).toBe(
      'Invalid params: requestState was issued for delete_question, not update_question',
    );
    expect((await refusal(team.bob, { question_id: first }, requestState)).message).toBe('Invalid params: requestState was issued to another person');
    team.server.clock.advance(5 * 60_000);
    expect((await refusal(team.alice, { question_id: first }, requestState)).message).toMatch(/^Invalid params: requestState has expired/);
    expect(await questionIds(team, surveyId)).toEqual([first, second]);
  });

  it('asks again when the retry has no answer under confirm, and ignores answers under other keys', async () => {
    const { surveyId, first, second } = await scratch(team);
    const args = { question_id: first };
    const { requestState } = (await modernCall(team, team.alice, 'delete_question', args)).result;
    const wrongKey = await modernCall(team, team.alice, 'delete_question', args, { inputResponses: { other: { action: 'accept' } }, requestState });
    expect(wrongKey.result).toMatchObject({ resultType: 'input_required', inputRequests: { confirm: { method: 'elicitation/create' } } });
    expect(wrongKey.result.requestState).not.toBe(requestState);
    const wrapped = { confirm: { method: 'elicitation/create', result: { action: 'accept', content: { confirm: true } } } };
    expect((await modernCall(team, team.alice, 'delete_question', args, { inputResponses: wrapped, requestState })).result.resultType).toBe('input_required');
    const extra = { confirm: { action: 'accept', content: { confirm: true } }, unknown_extra_key: { action: 'accept', content: { foo: 'bar' } } };
    const done = await modernCall(team, team.alice, 'delete_question', args, { inputResponses: extra, requestState });
    expect(done.result.structuredContent).toEqual({ deleted: true, question_id: first, survey_id: surveyId });
    expect(await questionIds(team, surveyId)).toEqual([second]);
  });

  it('checks permissions again at the confirmed call: a person who lost access in between is refused', async () => {
    const { surveyId, first } = await scratch(team);
    const bob = (await team.server.store.findUserByEmail('bob@example.com'))!;
    const alice = (await team.server.store.findUserByEmail('alice@example.com'))!;
    const grantedAt = team.server.clock.now();
    await team.server.store.setCollaborator({ surveyId, userId: bob.id, role: 'editor', grantedBy: alice.id, grantedAt });
    const { requestState } = (await modernCall(team, team.bob, 'delete_question', { question_id: first })).result;
    await team.server.store.removeCollaborator(surveyId, bob.id);
    const refused = await modernCall(team, team.bob, 'delete_question', { question_id: first }, { ...answer('accept', true), requestState });
    expect(refused.result.isError).toBe(true);
    expect(JSON.parse(refused.result.content[0].text)).toEqual({ error: `not authorized to edit survey '${surveyId}'` });
    expect(await questionIds(team, surveyId)).toContain(first);
  });

  it('answers a call that needs no confirmation at once, and never an input-required result on tools/list', async () => {
    const { surveyId } = await scratch(team);
    const renamed = await modernCall(team, team.alice, 'update_survey', { survey_id: surveyId, title: 'Renamed' });
    expect(renamed.result).toMatchObject({ resultType: 'complete', structuredContent: { survey: { title: 'Renamed' } } });
  });

  it('asks again, applying nothing, when the question was reworded after the person was asked', async () => {
    const { surveyId, first, second } = await scratch(team);
    const args = { question_id: first };
    const { requestState } = (await modernCall(team, team.alice, 'delete_question', args)).result;
    await modernCall(team, team.alice, 'update_question', { question_id: first, text: 'The one that matters?' });
    const stale = (await modernCall(team, team.alice, 'delete_question', args, { ...answer('accept', true), requestState })).result;
    expect(stale).toMatchObject({ resultType: 'input_required', inputRequests: { confirm: { params: { message: expect.stringContaining('"The one that matters?"') } } } });
    expect(stale.requestState).not.toBe(requestState);
    expect(await questionIds(team, surveyId)).toEqual([first, second]);
    // Not spent: nothing ran. Its words still do not hold, so it asks again rather than apply.
    expect((await modernCall(team, team.alice, 'delete_question', args, { ...answer('accept', true), requestState })).result.resultType).toBe('input_required');
  });

  it('asks a client that declared URL mode alone to open our confirmation page, and applies the change only after the person confirmed there', async () => {
    const { surveyId, first, second } = await scratch(team, 'Lunch poll');
    const args = { question_id: first };
    const url = { url: {} };
    const asked = (await modernCall(team, team.alice, 'delete_question', args, {}, { elicitation: url })).result;
    const { requestState } = asked;
    const params = asked.inputRequests.confirm.params;
    expect(params).toEqual({
      mode: 'url',
      message: 'Deleting question 1 "First?" from survey "Lunch poll" cannot be undone. Confirm it on the page, signed in.',
      url: `${team.server.authUrl}/confirm?seal=${encodeURIComponent(requestState)}`,
      elicitationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // "accept" says the page was opened; the click there has not come yet: asked again, same state.
    const early = (await modernCall(team, team.alice, 'delete_question', args, { ...answer('accept'), requestState }, { elicitation: url })).result;
    expect(early).toMatchObject({ resultType: 'input_required', requestState });
    expect(await questionIds(team, surveyId)).toEqual([first, second]);
    await decideOnPage(params.url, 'alice@example.com');
    const done = await modernCall(team, team.alice, 'delete_question', args, { ...answer('accept'), requestState }, { elicitation: url });
    expect(done.result.structuredContent).toEqual({ deleted: true, question_id: first, survey_id: surveyId });
  });

  it('gives a client that did not declare elicitation the confirmation-token tool error instead', async () => {
    const { surveyId, first } = await scratch(team);
    const asked = await modernCall(team, team.alice, 'delete_question', { question_id: first }, {}, { sampling: {} });
    expect(asked.result).toMatchObject({ resultType: 'complete', isError: true });
    const payload = JSON.parse(asked.result.content[0].text);
    expect(Object.keys(payload)).toEqual(['error', 'confirmation_token', 'confirm_url', 'expires_at']);
    const retry = () => modernCall(team, team.alice, 'delete_question', { question_id: first, confirmation_token: payload.confirmation_token }, {}, { sampling: {} });
    expect(JSON.parse((await retry()).result.content[0].text).error).toMatch(/^confirmation required: the person has not confirmed yet\./);
    await decideOnPage(payload.confirm_url, 'alice@example.com');
    const done = await retry();
    expect(done.result.structuredContent).toEqual({ deleted: true, question_id: first, survey_id: surveyId });
  });
});
