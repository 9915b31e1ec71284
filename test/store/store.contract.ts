/**
 * The one contract every Store backend must meet. Each test gets a fresh, empty database;
 * `open` may be called again for a second instance on the same database (another process of
 * the server, in production). Times are fixed numbers, so nothing depends on the machine's clock.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewAuthorizationCode, NewGrant, TokenIssue } from '../../src/store/auth-store.js';
import { DuplicateRecordError } from '../../src/store/errors.js';
import type { Store } from '../../src/store/store.js';
import type { Answer, AggregateScope, ResponseFilter, SurveyResponse } from '../../src/store/survey-store.js';
import { question, survey, T0 } from './records.js';
import { describeSurveyLockContract } from './survey-lock.contract.js';

export interface StoreHarness {
  /** Opens a store on this test's database; the first call creates and migrates it. */
  open(): Promise<Store>;
  /** The refresh successors still sealed in the database, read past the store, sorted. */
  sealedSuccessors(): Promise<string[]>;
  /** Closes every store it opened and removes the database. */
  dispose(): Promise<void>;
}

export type FreshStoreFactory = () => Promise<StoreHarness>;

const hour = 3_600_000;
const day = 24 * hour;

const blank = { choiceId: null, number: null, text: null };
const answer = (questionId: string, value: Partial<Answer>): Answer => ({ ...blank, questionId, ...value });

const response = (id: string, submittedAt: number, answers: Answer[], status: SurveyResponse['status'] = 'completed'): SurveyResponse => ({
  id,
  surveyId: 'srv_1',
  status,
  channel: 'link',
  respondentEmail: `${id}@example.org`,
  respondentName: null,
  startedAt: submittedAt - 60_000,
  submittedAt,
  durationMs: 60_000,
  answers,
});

export function describeStoreContract(name: string, openFreshStore: FreshStoreFactory): void {
  describe(`store contract: ${name}`, () => {
    let harness: StoreHarness;
    let store: Store;

    beforeEach(async () => {
      harness = await openFreshStore();
      store = await harness.open();
    });
    afterEach(async () => {
      await harness.dispose();
    });

    const addUser = (id: string, email = `${id}@example.com`) =>
      store.insertUser({ id, email, name: id, passwordHash: `hash-${id}`, createdAt: T0 });

    /** Users, workspace wsp_a (admin: usr_admin, member: usr_member, usr_owner) and wsp_b. */
    async function people(): Promise<void> {
      for (const id of ['usr_owner', 'usr_admin', 'usr_member', 'usr_guest', 'usr_stranger']) await addUser(id);
      await store.insertWorkspace({ id: 'wsp_a', name: 'Alpha', createdAt: T0 });
      await store.insertWorkspace({ id: 'wsp_b', name: 'Beta', createdAt: T0 });
      await store.setWorkspaceMember('wsp_a', 'usr_owner', 'member');
      await store.setWorkspaceMember('wsp_a', 'usr_admin', 'admin');
      await store.setWorkspaceMember('wsp_a', 'usr_member', 'member');
    }

    describeSurveyLockContract(() => store);

    describe('accounts', () => {
      it('stores a user and finds it by id and by email in any case', async () => {
        const user = await addUser('usr_1', 'Ada@Example.com');
        expect(user).toEqual({ id: 'usr_1', email: 'Ada@Example.com', name: 'usr_1', passwordHash: 'hash-usr_1', disabled: false, ssoOnly: false, createdAt: T0 });
        expect(await store.findUserById('usr_1')).toEqual(user);
        expect(await store.findUserByEmail(' ada@EXAMPLE.com ')).toEqual(user);
        expect(await store.findUserById('usr_none')).toBeUndefined();
        expect(await store.findUserByEmail('none@example.com')).toBeUndefined();
      });

      it('refuses a second user with the same email, whatever its case, naming the field', async () => {
        await addUser('usr_1', 'ada@example.com');
        const error = await addUser('usr_2', 'ADA@example.com').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DuplicateRecordError);
        expect(error).toMatchObject({ record: 'user', field: 'email', value: 'ADA@example.com' });
      });

      it('lists users by email and changes their password and disabled flag', async () => {
        await addUser('usr_b', 'b@example.com');
        await addUser('usr_a', 'A@example.com');
        await addUser('usr_c', 'c@example.com');
        expect((await store.listUsers()).map((u) => u.id)).toEqual(['usr_a', 'usr_b', 'usr_c']);
        expect(await store.setUserDisabled('usr_b', true)).toBe(true);
        expect(await store.setUserPassword('usr_b', 'new-hash')).toBe(true);
        expect(await store.findUserById('usr_b')).toMatchObject({ disabled: true, passwordHash: 'new-hash' });
        expect(await store.setUserDisabled('usr_b', false)).toBe(true);
        expect((await store.findUserById('usr_b'))!.disabled).toBe(false);
        expect(await store.setUserDisabled('usr_none', true)).toBe(false);
        expect(await store.setUserPassword('usr_none', 'x')).toBe(false);
      });

      it('stores whether an account signs in with single sign-on only', async () => {
        await store.insertUser({ id: 'usr_sso', email: 'sso@example.com', name: 'S', passwordHash: 'x', ssoOnly: true, createdAt: T0 });
        await addUser('usr_pw', 'pw@example.com');
        expect((await store.findUserByEmail('SSO@example.com'))!.ssoOnly).toBe(true);
        expect((await store.findUserById('usr_pw'))!.ssoOnly).toBe(false);
        expect(await store.setUserSsoOnly('usr_pw', true)).toBe(true);
        expect(await store.setUserSsoOnly('usr_sso', false)).toBe(true);
        expect((await store.listUsers()).map((u) => [u.id, u.ssoOnly])).toEqual([
          ['usr_pw', true],
          ['usr_sso', false],
        ]);
        expect(await store.setUserSsoOnly('usr_none', true)).toBe(false);
      });
    });

    describe('single sign-on', () => {
      const attempt = { state: 's', nonce: 'n', codeVerifier: 'v', returnTo: '/account/apps', expiresAt: T0 + 600_000 };

      it('gives an attempt to one taker only, across two instances, and none past its deadline', async () => {
        const other = await harness.open();
        await store.insertSsoAttempt('hash-1', attempt, T0);
        const taken = await Promise.all([store.takeSsoAttempt('hash-1', T0 + 1), other.takeSsoAttempt('hash-1', T0 + 1)]);
        expect(taken.filter(Boolean)).toEqual([attempt]);
        await store.insertSsoAttempt('hash-2', attempt, T0);
        expect(await store.takeSsoAttempt('hash-2', T0 + 600_000)).toBeUndefined();
        expect(await store.takeSsoAttempt('unknown', T0)).toBeUndefined();
      });

      it("keeps the first provider identity of an account until it is unlinked", async () => {
        await addUser('usr_1');
        const first = { issuer: 'https://idp.example', subject: 'sub-1' };
        expect(await store.linkSsoIdentity('usr_1', first, T0)).toEqual(first);
        expect(await store.linkSsoIdentity('usr_1', { issuer: 'https://idp.example', subject: 'sub-2' }, T0)).toEqual(first);
        expect(await store.unlinkSsoIdentity('usr_1')).toBe(true);
        expect(await store.unlinkSsoIdentity('usr_1')).toBe(false);
        expect(await store.linkSsoIdentity('usr_1', { issuer: 'https://idp.example', subject: 'sub-2' }, T0)).toEqual({ issuer: 'https://idp.example', subject: 'sub-2' });
      });
    });

    describe('client metadata copies', () => {
      it('keeps the last good copy of a document for every instance until it is deleted or purged', async () => {
        const other = await harness.open();
        const client = { id: 'https://app.example/c.json', name: 'App', redirectUris: ['https://app.example/cb'], grantTypes: ['authorization_code'], responseTypes: ['code'], scope: 'mcp_customer', createdAt: T0 };
        const copy = { client, fetchedAt: T0, freshUntil: T0 + 60_000, staleUntil: T0 + 120_000 };
        await store.saveClientMetadataCopy(copy);
        await store.saveClientMetadataCopy({ ...copy, fetchedAt: T0 + 1 });
        expect(await other.findClientMetadataCopy(client.id)).toEqual({ ...copy, fetchedAt: T0 + 1 });
        expect((await store.purgeUnusableRows(T0 + 119_999)).metadataCopies).toBe(0);
        expect((await store.purgeUnusableRows(T0 + 120_000)).metadataCopies).toBe(1);
        await store.saveClientMetadataCopy(copy);
        await other.deleteClientMetadataCopy(client.id);
        expect(await store.findClientMetadataCopy(client.id)).toBeUndefined();
      });
    });

    describe('workspaces and surveys', () => {
      beforeEach(people);

      it('keeps workspaces and one role per member, changed by a second grant', async () => {
        expect(await store.findWorkspace('wsp_a')).toEqual({ id: 'wsp_a', name: 'Alpha', createdAt: T0 });
        expect(await store.findWorkspace('wsp_none')).toBeUndefined();
        expect(await store.findWorkspaceRole('wsp_a', 'usr_member')).toBe('member');
        await store.setWorkspaceMember('wsp_a', 'usr_member', 'admin');
        expect(await store.findWorkspaceRole('wsp_a', 'usr_member')).toBe('admin');
        expect(await store.findWorkspaceRole('wsp_b', 'usr_member')).toBeUndefined();
        await store.setWorkspaceMember('wsp_b', 'usr_member', 'member');
        expect(await store.listMemberships('usr_member')).toEqual([
          { workspace: { id: 'wsp_a', name: 'Alpha', createdAt: T0 }, role: 'admin' },
          { workspace: { id: 'wsp_b', name: 'Beta', createdAt: T0 }, role: 'member' },
        ]);
        expect(await store.listMemberships('usr_stranger')).toEqual([]);
      });

      it('inserts a survey with its questions and choices in order, and updates only the fields given', async () => {
        const settings = { max: 5, min: 1, labels: ['low', 'high'] };
        const created = await store.insertSurvey(survey('srv_1', { anonymous: true, responseLimit: 50 }), [
          question('srv_1', 'qst_1', 'single_choice', ['Yes', 'No']),
          question('srv_1', 'qst_2', 'rating', [], settings),
        ]);
        expect(created).toEqual({ ...survey('srv_1', { anonymous: true, responseLimit: 50 }), responseCounts: { completed: 0, partial: 0, disqualified: 0 } });
        expect(await store.findSurvey('srv_1')).toEqual(created);
        expect(await store.findSurvey('srv_none')).toBeUndefined();
        const questions = await store.listQuestions('srv_1');
        expect(questions.map((q) => [q.id, q.position, q.type])).toEqual([['qst_1', 1, 'single_choice'], ['qst_2', 2, 'rating']]);
        expect(questions[0]!.choices).toEqual([{ id: 'qst_1_c1', label: 'Yes' }, { id: 'qst_1_c2', label: 'No' }]);
        // Settings come back with their keys in the order they were written.
        expect(JSON.stringify(questions[1]!.settings)).toBe(JSON.stringify(settings));
        const updated = await store.updateSurvey('srv_1', { title: 'Renamed', anonymous: false, status: 'open', previousStatus: 'draft', publishedAt: T0 + 1, opensAt: undefined });
        expect(updated).toEqual({ ...created, title: 'Renamed', anonymous: false, status: 'open', previousStatus: 'draft', publishedAt: T0 + 1 });
        expect(await store.updateSurvey('srv_1', {})).toEqual(updated);
        expect(await store.updateSurvey('srv_1', { responseLimit: null, closesAt: T0 + day })).toMatchObject({ responseLimit: null, closesAt: T0 + day });
      });

      it('finds the open and paused surveys of a listing past their closing time or limit, whatever its status filter, and only those', async () => {
        await store.insertSurvey(survey('srv_past', { status: 'open', closesAt: T0 + hour }), []);
        await store.insertSurvey(survey('srv_paused', { status: 'paused', closesAt: T0 }), []);
        await store.insertSurvey(survey('srv_future', { status: 'open', closesAt: T0 + day }), []);
        await store.insertSurvey(survey('srv_draft', { status: 'draft', closesAt: T0 }), []);
        await store.insertSurvey(survey('srv_closed', { status: 'closed', closesAt: T0 }), []);
        await store.insertSurvey(survey('srv_limit', { status: 'open', responseLimit: 0 }), []);
        await store.insertSurvey(survey('srv_elsewhere', { status: 'open', closesAt: T0, workspaceId: 'wsp_b', ownerId: 'usr_stranger' }), []);
        const due = await store.findSurveysDueToClose({ userId: 'usr_owner', status: 'closed' }, T0 + hour);
        expect(due.map((s) => s.id).sort()).toEqual(['srv_limit', 'srv_past', 'srv_paused']);
        const inWorkspace = await store.findSurveysDueToClose({ userId: 'usr_stranger', workspaceId: 'wsp_b' }, T0 + hour);
        expect(inWorkspace.map((s) => s.id)).toEqual(['srv_elsewhere']);
      });

      it('lists the surveys a person may open, newest first, with filters, keyset pages and counts', async () => {
        await store.insertSurvey(survey('srv_1', { createdAt: T0, title: 'Customer 100% NPS' }), [question('srv_1', 'qst_1', 'nps')]);
        await store.insertSurvey(survey('srv_2', { createdAt: T0 + 1, status: 'open', title: 'customer pulse' }), []);
        await store.insertSurvey(survey('srv_3', { createdAt: T0 + 1, ownerId: 'usr_guest', workspaceId: 'wsp_b' }), []);
        await store.insertSurvey(survey('srv_4', { createdAt: T0 + 2, ownerId: 'usr_admin' }), []);
        await store.setCollaborator({ surveyId: 'srv_3', userId: 'usr_member', role: 'viewer', grantedBy: 'usr_guest', grantedAt: T0 });

        const ids = async (userId: string, query: Partial<Parameters<Store['listSurveysFor']>[0]> = {}) =>
          (await store.listSurveysFor({ userId, ...query }, undefined, 10)).map((listing) => listing.survey.id);
        expect(await ids('usr_owner')).toEqual(['srv_2', 'srv_1']);
        expect(await ids('usr_admin')).toEqual(['srv_4', 'srv_2', 'srv_1']);
        expect(await ids('usr_member')).toEqual(['srv_3']);
        expect(await ids('usr_stranger')).toEqual([]);
        expect(await ids('usr_admin', { status: 'open' })).toEqual(['srv_2']);
        expect(await ids('usr_admin', { workspaceId: 'wsp_b' })).toEqual([]);
        expect(await ids('usr_admin', { query: 'CUSTOMER' })).toEqual(['srv_2', 'srv_1']);
        expect(await ids('usr_admin', { query: '100%' })).toEqual(['srv_1']);
        // Wildcards are literal: only 'Survey srv_4' has an underscore in its title.
        expect(await ids('usr_admin', { query: '_' })).toEqual(['srv_4']);
        expect(await store.countSurveysFor({ userId: 'usr_admin' })).toBe(3);
        expect(await store.countSurveysFor({ userId: 'usr_admin', query: 'customer' })).toBe(2);

        const [first] = await store.listSurveysFor({ userId: 'usr_member' }, undefined, 10);
        expect(first).toMatchObject({ workspaceRole: null, collaboratorRole: 'viewer', questionCount: 0 });
        const page1 = await store.listSurveysFor({ userId: 'usr_admin' }, undefined, 2);
        expect(page1.map((l) => [l.survey.id, l.workspaceRole, l.collaboratorRole])).toEqual([['srv_4', 'admin', null], ['srv_2', 'admin', null]]);
        const last = page1[1]!.survey;
        const page2 = await store.listSurveysFor({ userId: 'usr_admin' }, { createdAt: last.createdAt, id: last.id }, 2);
        expect(page2.map((l) => [l.survey.id, l.questionCount])).toEqual([['srv_1', 1]]);
      });

      it('grants, changes and removes collaborator roles', async () => {
        await store.insertSurvey(survey('srv_1'), []);
        await store.setCollaborator({ surveyId: 'srv_1', userId: 'usr_stranger', role: 'viewer', grantedBy: 'usr_owner', grantedAt: T0 });
        await store.setCollaborator({ surveyId: 'srv_1', userId: 'usr_guest', role: 'analyst', grantedBy: 'usr_owner', grantedAt: T0 + 1 });
        expect(await store.findCollaborator('srv_1', 'usr_guest')).toEqual({
          surveyId: 'srv_1', userId: 'usr_guest', email: 'usr_guest@example.com', name: 'usr_guest', role: 'analyst', grantedBy: 'usr_owner', grantedAt: T0 + 1,
        });
        expect((await store.listCollaborators('srv_1')).map((c) => c.userId)).toEqual(['usr_guest', 'usr_stranger']);
        // The same role again changes nothing; a new role is a new grant.
        await store.setCollaborator({ surveyId: 'srv_1', userId: 'usr_guest', role: 'analyst', grantedBy: 'usr_admin', grantedAt: T0 + 5 });
        expect(await store.findCollaborator('srv_1', 'usr_guest')).toMatchObject({ grantedBy: 'usr_owner', grantedAt: T0 + 1 });
        await store.setCollaborator({ surveyId: 'srv_1', userId: 'usr_guest', role: 'editor', grantedBy: 'usr_admin', grantedAt: T0 + 6 });
        expect(await store.findCollaborator('srv_1', 'usr_guest')).toMatchObject({ role: 'editor', grantedBy: 'usr_admin', grantedAt: T0 + 6 });
        expect(await store.removeCollaborator('srv_1', 'usr_guest')).toBe(true);
        expect(await store.removeCollaborator('srv_1', 'usr_guest')).toBe(false);
        expect(await store.findCollaborator('srv_1', 'usr_guest')).toBeUndefined();
      });

      it('reads a survey with one person\'s account and grants on it, as they stand at that moment', async () => {
        const created = await store.insertSurvey(survey('srv_1'), []);
        await store.setCollaborator({ surveyId: 'srv_1', userId: 'usr_guest', role: 'analyst', grantedBy: 'usr_owner', grantedAt: T0 });
        const access = (userId: string) => store.findSurveyAccess('srv_1', userId);
        expect(await access('usr_admin')).toEqual({
          survey: created,
          user: await store.findUserById('usr_admin'),
          workspaceRole: 'admin',
          collaboratorRole: undefined,
        });
        expect(await access('usr_guest')).toMatchObject({ user: { id: 'usr_guest', disabled: false }, workspaceRole: undefined, collaboratorRole: 'analyst' });
        expect(await access('usr_stranger')).toMatchObject({ user: { id: 'usr_stranger' }, workspaceRole: undefined, collaboratorRole: undefined });
        expect(await access('usr_nobody')).toEqual({ survey: created, user: undefined, workspaceRole: undefined, collaboratorRole: undefined });
        expect(await store.findSurveyAccess('srv_none', 'usr_admin')).toBeUndefined();

        await store.removeCollaborator('srv_1', 'usr_guest');
        await store.setUserDisabled('usr_admin', true);
        expect(await access('usr_guest')).toMatchObject({ collaboratorRole: undefined });
        expect(await access('usr_admin')).toMatchObject({ user: { id: 'usr_admin', disabled: true }, workspaceRole: 'admin' });
      });

      it('reads a survey with one person\'s access, its questions with their choices and its collaborators, at once', async () => {
        const settings = { max: 5, min: 1, labels: ['low', 'high'] };
        await store.insertSurvey(survey('srv_1'), [question('srv_1', 'qst_1', 'single_choice', ['Yes', 'No']), question('srv_1', 'qst_2', 'rating', [], settings)]);
        await store.insertSurvey(survey('srv_empty'), []);
        await store.setCollaborator({ surveyId: 'srv_1', userId: 'usr_stranger', role: 'viewer', grantedBy: 'usr_owner', grantedAt: T0 });
        await store.setCollaborator({ surveyId: 'srv_1', userId: 'usr_guest', role: 'editor', grantedBy: 'usr_owner', grantedAt: T0 + 1 });

        const detail = await store.findSurveyDetail('srv_1', 'usr_guest');
        expect(detail).toEqual({
          ...(await store.findSurveyAccess('srv_1', 'usr_guest')),
          questions: await store.listQuestions('srv_1'),
          collaborators: await store.listCollaborators('srv_1'),
        });
        expect(detail!.collaborators.map((c) => c.userId)).toEqual(['usr_guest', 'usr_stranger']);
        expect(detail!.questions[0]!.choices).toEqual([{ id: 'qst_1_c1', label: 'Yes' }, { id: 'qst_1_c2', label: 'No' }]);
        expect(JSON.stringify(detail!.questions[1]!.settings)).toBe(JSON.stringify(settings));
        expect(await store.findSurveyDetail('srv_empty', 'usr_nobody')).toMatchObject({ user: undefined, questions: [], collaborators: [] });
        expect(await store.findSurveyDetail('srv_none', 'usr_owner')).toBeUndefined();
      });

      it('inserts, moves, edits and deletes questions, keeping positions dense', async () => {
        await store.insertSurvey(survey('srv_1'), [question('srv_1', 'qst_a', 'nps'), question('srv_1', 'qst_b', 'number')]);
        const inserted = await store.insertQuestion(question('srv_1', 'qst_c', 'multiple_choice', ['Red', 'Green', 'Blue']), 1);
        expect(inserted).toMatchObject({ id: 'qst_c', position: 1, choices: [{ label: 'Red' }, { label: 'Green' }, { label: 'Blue' }] });
        const order = async () => (await store.listQuestions('srv_1')).map((q) => `${q.position}:${q.id}`);
        expect(await order()).toEqual(['1:qst_c', '2:qst_a', '3:qst_b']);

        // Swap two labels, drop one choice, add one, and move the question to the end.
        const updated = await store.updateQuestion(
          'qst_c',
          { text: 'Colours?', description: 'pick any', required: true, settings: { max_choices: 2 } },
          [{ id: 'qst_c_c2', label: 'Red' }, { id: 'qst_c_c1', label: 'green' }, { id: 'qst_c_new', label: 'Yellow' }],
          3,
        );
        expect(updated).toEqual({
          id: 'qst_c', surveyId: 'srv_1', position: 3, type: 'multiple_choice', text: 'Colours?', description: 'pick any', required: true,
          settings: { max_choices: 2 },
          choices: [{ id: 'qst_c_c2', label: 'Red' }, { id: 'qst_c_c1', label: 'green' }, { id: 'qst_c_new', label: 'Yellow' }],
        });
        expect(await store.findQuestion('qst_c')).toEqual(updated);
        expect(await order()).toEqual(['1:qst_a', '2:qst_b', '3:qst_c']);
        await store.updateQuestion('qst_b', { text: 'Size?', description: '', required: false, settings: {} }, [], 1);
        expect(await order()).toEqual(['1:qst_b', '2:qst_a', '3:qst_c']);

        await store.deleteQuestion('qst_b');
        await store.deleteQuestion('qst_none');
        expect(await order()).toEqual(['1:qst_a', '2:qst_c']);
        expect(await store.findQuestion('qst_b')).toBeUndefined();
      });
    });

    describe('responses and aggregates', () => {
      const q = { nps: 'qst_nps', plan: 'qst_plan', tags: 'qst_tags', why: 'qst_why', day: 'qst_day' };
      const scope = (questionId: string, filter: Partial<ResponseFilter> = {}, segment?: AggregateScope['segment']): AggregateScope => ({
        filter: { surveyId: 'srv_1', statuses: ['completed'], ...filter },
        questionId,
        ...(segment && { segment }),
      });
      // Scores of the ten completed responses; r09 is the newest.
      const scores = [10, 9, 9, 8, 7, 6, 5, 10, 3, 9];

      beforeEach(async () => {
        await people();
        await store.insertSurvey(survey('srv_1', { status: 'open' }), [
          question('srv_1', q.nps, 'nps'),
          question('srv_1', q.plan, 'single_choice', ['Free', 'Pro']),
          question('srv_1', q.tags, 'multiple_choice', ['A', 'B', 'C']),
          question('srv_1', q.why, 'long_text'),
          question('srv_1', q.day, 'date'),
        ]);
        const responses = scores.map((score, i) => {
          const answers = [answer(q.nps, { number: score }), answer(q.plan, { choiceId: i % 3 === 0 ? 'qst_plan_c2' : 'qst_plan_c1' })];
          if (i < 3) answers.push(answer(q.why, { text: [`Great VALUE`, 'too slow', '50% off please'][i]! }));
          if (i < 2) answers.push(answer(q.day, { text: ['2026-02-10', '2026-01-05'][i]! }));
          // Answers arrive out of display order; they come back in question, then choice order.
          for (const tag of [['C', 'A'], ['B'], ['A', 'B', 'C']][i] ?? []) answers.unshift(answer(q.tags, { choiceId: `qst_tags_c${'ABC'.indexOf(tag) + 1}` }));
          return response(`rsp_${String(i).padStart(2, '0')}`, T0 + i * hour, answers);
        });
        responses.push(response('rsp_partial', T0 + 20 * hour, [answer(q.nps, { number: 0 })], 'partial'));
        responses.push(response('rsp_dq', T0 + 21 * hour, [], 'disqualified'));
        await store.insertResponses(responses);
      });

      it('keeps the survey response counters in step with inserts', async () => {
        expect((await store.findSurvey('srv_1'))!.responseCounts).toEqual({ completed: 10, partial: 1, disqualified: 1 });
        await store.insertResponses([response('rsp_more', T0 + 30 * hour, [])]);
        await store.insertResponses([]);
        expect((await store.findSurvey('srv_1'))!.responseCounts).toEqual({ completed: 11, partial: 1, disqualified: 1 });
      });

      it('finds a response with its answers in question and choice order', async () => {
        const found = await store.findResponse('rsp_00');
        expect(found).toEqual({
          id: 'rsp_00', surveyId: 'srv_1', status: 'completed', channel: 'link', respondentEmail: 'rsp_00@example.org', respondentName: null,
          startedAt: T0 - 60_000, submittedAt: T0, durationMs: 60_000,
          answers: [
            answer(q.nps, { number: 10 }),
            answer(q.plan, { choiceId: 'qst_plan_c2' }),
            answer(q.tags, { choiceId: 'qst_tags_c1' }),
            answer(q.tags, { choiceId: 'qst_tags_c3' }),
            answer(q.why, { text: 'Great VALUE' }),
            answer(q.day, { text: '2026-02-10' }),
          ],
        });
        expect(await store.findResponse('rsp_none')).toBeUndefined();
      });

      it('lists responses newest first in keyset pages, filtered by status, time and answer', async () => {
        const all = { surveyId: 'srv_1', statuses: [] };
        const page1 = await store.listResponses(all, undefined, 5);
        expect(page1.responses.map((r) => r.id)).toEqual(['rsp_dq', 'rsp_partial', 'rsp_09', 'rsp_08', 'rsp_07']);
        const page2 = await store.listResponses(all, page1.responses.at(-1)!.key, 5);
        expect(page2.responses.map((r) => r.id)).toEqual(['rsp_06', 'rsp_05', 'rsp_04', 'rsp_03', 'rsp_02']);
        expect(page2.responses[3]!.answers).toEqual([answer(q.nps, { number: 8 }), answer(q.plan, { choiceId: 'qst_plan_c2' })]);
        expect(await store.countResponses(all)).toBe(12);

        const ids = async (filter: Partial<ResponseFilter>) =>
          (await store.listResponses({ ...all, ...filter }, undefined, 50)).responses.map((r) => r.id);
        expect(await ids({ statuses: ['partial', 'disqualified'] })).toEqual(['rsp_dq', 'rsp_partial']);
        expect(await ids({ submittedFrom: T0 + 8 * hour, submittedBefore: T0 + 20 * hour })).toEqual(['rsp_09', 'rsp_08']);
        expect(await ids({ where: { questionId: q.plan, choiceId: 'qst_plan_c2' } })).toEqual(['rsp_09', 'rsp_06', 'rsp_03', 'rsp_00']);
        expect(await ids({ where: { questionId: q.nps, min: 9, max: 9 } })).toEqual(['rsp_09', 'rsp_02', 'rsp_01']);
        expect(await ids({ where: { questionId: q.why, contains: 'value' } })).toEqual(['rsp_00']);
        expect(await ids({ where: { questionId: q.why, contains: '%' } })).toEqual(['rsp_02']);
        expect(await ids({ where: { questionId: q.why, contains: '_' } })).toEqual([]);
        expect(await store.countResponses({ ...all, statuses: ['completed'], where: { questionId: q.nps, min: 9 } })).toBe(5);
      });

      it('counts answered responses and choices, once per response for multiple choice', async () => {
        expect(await store.countAnswered(scope(q.tags))).toBe(3);
        expect(await store.countAnswered(scope(q.nps))).toBe(10);
        expect(await store.countAnswered(scope(q.nps, { statuses: [] }))).toBe(11);
        expect(Object.fromEntries(await store.countChoices(scope(q.tags)))).toEqual({ qst_tags_c1: 2, qst_tags_c2: 2, qst_tags_c3: 2 });
        expect(Object.fromEntries(await store.countChoices(scope(q.plan)))).toEqual({ qst_plan_c1: 6, qst_plan_c2: 4 });
        expect([...(await store.countChoices(scope(q.plan, { submittedFrom: T0 + 7 * hour })))]).toEqual([['qst_plan_c1', 2], ['qst_plan_c2', 1]]);
        expect(await store.countChoices(scope(q.plan, { statuses: ['partial'] }))).toEqual(new Map());
      });

      it('computes numeric stats, the median of odd and even counts, and the distribution', async () => {
        expect(await store.numericStats(scope(q.nps))).toEqual({ count: 10, mean: 7.6, min: 3, max: 10, median: 8.5 });
        expect(await store.numericStats(scope(q.nps, { submittedBefore: T0 + 9 * hour }))).toEqual({ count: 9, mean: 67 / 9, min: 3, max: 10, median: 8 });
        expect(await store.numericStats(scope(q.nps, { statuses: ['disqualified'] }))).toEqual({ count: 0, mean: null, min: null, max: null, median: null });
        expect(await store.numberDistribution(scope(q.nps))).toEqual([
          { value: 3, count: 1 }, { value: 5, count: 1 }, { value: 6, count: 1 }, { value: 7, count: 1 },
          { value: 8, count: 1 }, { value: 9, count: 3 }, { value: 10, count: 2 },
        ]);
      });

      it('restricts an aggregate to the responses of one segment', async () => {
        const pro = { questionId: q.plan, choiceId: 'qst_plan_c2' };
        expect(await store.numericStats(scope(q.nps, {}, pro))).toEqual({ count: 4, mean: 8, min: 5, max: 10, median: 8.5 });
        expect(await store.countAnswered(scope(q.tags, {}, pro))).toBe(1);
        expect(Object.fromEntries(await store.countChoices(scope(q.tags, {}, pro)))).toEqual({ qst_tags_c1: 1, qst_tags_c3: 1 });
      });

      it('reports the date range and the newest text answers', async () => {
        expect(await store.dateRange(scope(q.day))).toEqual({ earliest: '2026-01-05', latest: '2026-02-10' });
        expect(await store.dateRange(scope(q.day, { statuses: ['partial'] }))).toEqual({ earliest: null, latest: null });
        expect(await store.latestTexts(scope(q.why), 2)).toEqual([
          { responseId: 'rsp_02', text: '50% off please', submittedAt: T0 + 2 * hour },
          { responseId: 'rsp_01', text: 'too slow', submittedAt: T0 + hour },
        ]);
        expect(await store.countAnswered(scope(q.why))).toBe(3);
      });
    });

    describe('the answer rollup', () => {
      const q = { score: 'qst_score', plan: 'qst_plan', tags: 'qst_tags', stars: 'qst_stars', why: 'qst_why' };
      const minute = 60_000;
      // Every response answers qst_score, so this condition selects them all, and its aggregates take the answer index.
      const everyone = { questionId: q.score, min: -1 };
      const statuses = ['completed', 'completed', 'partial', 'disqualified'] as const;

      /** 90 responses 77 minutes apart (five UTC days), inserted in three batches so later ones add to existing tallies. */
      beforeEach(async () => {
        await people();
        await store.insertSurvey(survey('srv_1', { status: 'open' }), [
          question('srv_1', q.score, 'number'),
          question('srv_1', q.plan, 'single_choice', ['Free', 'Pro', 'Team']),
          question('srv_1', q.tags, 'multiple_choice', ['A', 'B', 'C']),
          question('srv_1', q.stars, 'rating', [], { scale: 5 }),
          question('srv_1', q.why, 'long_text'),
        ]);
        const responses = Array.from({ length: 90 }, (_, i) => {
          const answers = [answer(q.score, { number: (i % 7) * 0.5 })];
          if (i % 5 !== 0) answers.push(answer(q.plan, { choiceId: `qst_plan_c${(i % 3) + 1}` }));
          for (const tag of [[], [1], [1, 3], [2, 3]][i % 4]!) answers.push(answer(q.tags, { choiceId: `qst_tags_c${tag}` }));
          if (i % 6 !== 1) answers.push(answer(q.stars, { number: 1 + ((i * 7) % 5) }));
          if (i % 2 === 1) answers.push(answer(q.why, { text: `reason ${i}` }));
          return response(`rsp_${String(i).padStart(2, '0')}`, T0 + i * 77 * minute, answers, statuses[i % 4]);
        });
        for (const batch of [responses.slice(0, 25), responses.slice(25, 26), responses.slice(26)]) await store.insertResponses(batch);
      });

      const windows: Array<Partial<ResponseFilter>> = [
        {},
        { submittedFrom: T0 + day + 5 * hour },
        { submittedBefore: T0 + 3 * day + 7 * hour },
        { submittedFrom: T0 + 10 * hour, submittedBefore: T0 + 3 * day + 2 * hour },
        { submittedFrom: T0 + day, submittedBefore: T0 + 3 * day },
        { submittedFrom: T0 + day + hour, submittedBefore: T0 + day + 20 * hour },
        { submittedFrom: T0 + 20 * hour, submittedBefore: T0 + day + 4 * hour },
      ];
      const statusSets: Array<ResponseFilter['statuses']> = [[], ['completed'], ['partial', 'disqualified']];

      const all = async (scope: AggregateScope) => ({
        answered: await store.countAnswered(scope),
        choices: [...(await store.countChoices(scope))].sort(([a], [b]) => a.localeCompare(b)),
        distribution: await store.numberDistribution(scope),
        stats: await store.numericStats(scope),
      });

      it('gives the same aggregates as the answer index, for every window and status set', async () => {
        let compared = 0;
        for (const window of windows) {
          for (const statuses of statusSets) {
            for (const questionId of Object.values(q)) {
              const rolled: AggregateScope = { filter: { surveyId: 'srv_1', statuses, ...window }, questionId };
              const indexed: AggregateScope = { ...rolled, filter: { ...rolled.filter, where: everyone } };
              const expected = await all(indexed);
              expect(await all(rolled), JSON.stringify(rolled)).toEqual(expected);
              if (expected.answered > 0) compared++;
            }
          }
        }
        expect(compared).toBeGreaterThan(80);
      });

      it('gives the same segmented aggregates as the answer index, for every window, status set and segment', async () => {
        let compared = 0;
        for (const window of windows) {
          for (const statuses of statusSets) {
            for (const choiceId of ['qst_plan_c1', 'qst_plan_c2', 'qst_plan_c3']) {
              for (const questionId of Object.values(q)) {
                const rolled: AggregateScope = { filter: { surveyId: 'srv_1', statuses, ...window }, questionId, segment: { questionId: q.plan, choiceId } };
                const indexed: AggregateScope = { ...rolled, filter: { ...rolled.filter, where: everyone } };
                const expected = await all(indexed);
                expect(await all(rolled), JSON.stringify(rolled)).toEqual(expected);
                if (expected.answered > 0) compared++;
              }
            }
          }
        }
        expect(compared).toBeGreaterThan(200);
      });

      it('keeps segment tallies for a single-choice question added after the first responses', async () => {
        await store.insertQuestion(question('srv_1', 'qst_tier', 'single_choice', ['Low', 'High']), 6);
        const later = Array.from({ length: 6 }, (_, i) =>
          response(`rsp_late_${i}`, T0 + 4 * day + i * hour, [
            answer(q.score, { number: i }),
            answer('qst_tier', { choiceId: `qst_tier_c${(i % 2) + 1}` }),
            ...(i < 4 ? [answer(q.tags, { choiceId: 'qst_tags_c1' }), answer(q.tags, { choiceId: 'qst_tags_c2' })] : []),
          ]),
        );
        await store.insertResponses(later);
        const high: AggregateScope = { filter: { surveyId: 'srv_1', statuses: [] }, questionId: q.score, segment: { questionId: 'qst_tier', choiceId: 'qst_tier_c2' } };
        expect(await all(high)).toEqual({
          answered: 3,
          choices: [],
          distribution: [{ value: 1, count: 1 }, { value: 3, count: 1 }, { value: 5, count: 1 }],
          stats: { count: 3, mean: 3, min: 1, max: 5, median: 3 },
        });
        expect(await all({ ...high, questionId: q.tags })).toEqual({
          answered: 2,
          choices: [['qst_tags_c1', 2], ['qst_tags_c2', 2]],
          distribution: [],
          stats: { count: 0, mean: null, min: null, max: null, median: null },
        });
      });

      it('counts by hand on a window with partial first and last days', async () => {
        // 10:00 on day 0 to 02:00 on day 3: two whole days from the rollup, two partial ones from the answers.
        const scope: AggregateScope = {
          filter: { surveyId: 'srv_1', statuses: [], submittedFrom: T0 + 10 * hour, submittedBefore: T0 + 3 * day + 2 * hour },
          questionId: q.tags,
        };
        const inWindow = Array.from({ length: 90 }, (_, i) => i).filter((i) => T0 + i * 77 * minute >= T0 + 10 * hour && T0 + i * 77 * minute < T0 + 3 * day + 2 * hour);
        expect(await store.countAnswered(scope)).toBe(inWindow.filter((i) => i % 4 !== 0).length);
        expect(Object.fromEntries(await store.countChoices(scope))).toEqual({
          qst_tags_c1: inWindow.filter((i) => i % 4 === 1 || i % 4 === 2).length,
          qst_tags_c2: inWindow.filter((i) => i % 4 === 3).length,
          qst_tags_c3: inWindow.filter((i) => i % 4 === 2 || i % 4 === 3).length,
        });
        const scores = inWindow.map((i) => (i % 7) * 0.5).sort((a, b) => a - b);
        const middle = (scores[(scores.length - 1) >> 1]! + scores[scores.length >> 1]!) / 2;
        expect(await store.numericStats({ ...scope, questionId: q.score })).toEqual({
          count: scores.length,
          mean: scores.reduce((sum, x) => sum + x, 0) / scores.length,
          min: 0,
          max: 3,
          median: middle,
        });
      });
    });

    describe('auth', () => {
      const client = {
        id: 'cli_1',
        registrationKey: 'key-1',
        name: 'Client One',
        redirectUris: ['http://127.0.0.1:9/cb', 'https://app.example/cb'],
        grantTypes: ['authorization_code', 'refresh_token'],
        responseTypes: ['code'],
        scope: 'surveys:read',
        createdAt: T0,
      };
      const code: NewAuthorizationCode = {
        codeHash: 'code-hash',
        clientId: 'cli_1',
        userId: 'usr_1',
        redirectUri: 'http://127.0.0.1:9/cb',
        scope: 'surveys:read',
        codeChallenge: 'challenge',
        codeChallengeMethod: 'S256',
        createdAt: T0,
        expiresAt: T0 + 60_000,
      };
      const grant = (id: string, createdAt = T0 + 1000, clientId = 'cli_1'): NewGrant => ({ id, userId: 'usr_1', clientId, scope: 'surveys:read', createdAt });
      const issue = (tag: string, refresh = true): TokenIssue => ({
        access: { tokenHash: `access-${tag}`, kind: 'access', expiresAt: T0 + hour },
        ...(refresh && { refresh: { tokenHash: `refresh-${tag}`, kind: 'refresh', expiresAt: T0 + 30 * day } }),
      });
      const rotation = (refreshHash: string, tag: string, nowMs = T0 + 2000, clientId = 'cli_1') => ({
        refreshHash,
        clientId,
        issue: issue(tag) as Required<TokenIssue>,
        nowMs,
      });

      beforeEach(async () => {
        await addUser('usr_1');
        await store.registerClient(client);
      });

      it('registers a client once per registration key', async () => {
        const { registrationKey: _key, ...registered } = client;
        expect(await store.findClient('cli_1')).toEqual(registered);
        expect(await store.registerClient({ ...client, id: 'cli_again', createdAt: T0 + 5 })).toEqual(registered);
        expect(await store.findClient('cli_again')).toBeUndefined();
        const parallel = await Promise.all(
          Array.from({ length: 5 }, (_, i) => store.registerClient({ ...client, id: `cli_p${i}`, registrationKey: 'key-p' })),
        );
        expect(new Set(parallel.map((c) => c.id)).size).toBe(1);
      });

      it('widens the grant types of a registration key to the union, never narrows them', async () => {
        const narrow = { ...client, id: 'cli_n', registrationKey: 'key-n', grantTypes: ['authorization_code'] };
        expect((await store.registerClient(narrow)).grantTypes).toEqual(['authorization_code']);
        const widened = await Promise.all([store.registerClient({ ...narrow, id: 'cli_w', grantTypes: ['refresh_token', 'authorization_code'] }), store.registerClient(narrow)]);
        expect(widened[0]).toMatchObject({ id: 'cli_n', grantTypes: ['authorization_code', 'refresh_token'] });
        expect((await store.registerClient(narrow)).grantTypes).toEqual(['authorization_code', 'refresh_token']);
        expect((await store.findClient('cli_n'))?.grantTypes).toEqual(['authorization_code', 'refresh_token']);
      });

      it('keeps a client known by its metadata document under its URL, updated to its latest document', async () => {
        const url = 'https://app.example/client.json';
        const metadataClient = { ...client, id: url, name: 'App', redirectUris: ['https://app.example/cb'] };
        const { registrationKey: _key, ...expected } = metadataClient;
        await store.saveMetadataClient(expected);
        expect(await store.findClient(url)).toEqual(expected);
        await store.saveMetadataClient({ ...expected, name: 'App renamed', redirectUris: ['https://app.example/cb2'], createdAt: T0 + 9 });
        expect(await store.findClient(url)).toEqual({ ...expected, name: 'App renamed', redirectUris: ['https://app.example/cb2'] });
      });

      it('redeems a code once into a grant whose access token checks out', async () => {
        await store.insertAuthorizationCode(code);
        expect(await store.findAuthorizationCode('code-hash')).toEqual({ ...code, redeemedAt: undefined });
        expect(await store.redeemAuthorizationCode('code-hash', grant('grt_1'), issue('1'), T0 + 1000)).toEqual({ outcome: 'issued', grantId: 'grt_1' });
        expect(await store.findAuthorizationCode('code-hash')).toMatchObject({ redeemedAt: T0 + 1000 });
        expect(await store.findAccessToken('access-1')).toEqual({
          grantId: 'grt_1', userId: 'usr_1', clientId: 'cli_1', scope: 'surveys:read', expiresAt: T0 + hour, revoked: false, userDisabled: false,
        });
        expect(await store.findAccessToken('refresh-1')).toBeUndefined();
        expect(await store.findAccessToken('nothing')).toBeUndefined();
        await store.setUserDisabled('usr_1', true);
        expect(await store.findAccessToken('access-1')).toMatchObject({ userDisabled: true });
      });

      it('revokes the first grant when a code comes back, and refuses unknown and expired codes', async () => {
        await store.insertAuthorizationCode(code);
        await store.redeemAuthorizationCode('code-hash', grant('grt_1'), issue('1'), T0 + 1000);
        expect(await store.redeemAuthorizationCode('code-hash', grant('grt_2'), issue('2'), T0 + 2000)).toEqual({ outcome: 'reused' });
        expect(await store.findAccessToken('access-1')).toMatchObject({ revoked: true });
        expect(await store.findAccessToken('access-2')).toBeUndefined();
        expect(await store.redeemAuthorizationCode('other', grant('grt_3'), issue('3'), T0)).toEqual({ outcome: 'unknown' });
        await store.insertAuthorizationCode({ ...code, codeHash: 'late' });
        expect(await store.redeemAuthorizationCode('late', grant('grt_4'), issue('4'), T0 + 60_000)).toEqual({ outcome: 'expired' });
        expect(await store.findAccessToken('access-4')).toBeUndefined();
      });

      it('keeps an expired code ten minutes for the purge, so a late redemption still hears it expired', async () => {
        await store.insertAuthorizationCode(code);
        const tenMinutes = 10 * 60_000;
        expect((await store.purgeUnusableRows(code.expiresAt + tenMinutes - 1)).codes).toBe(0);
        expect(await store.redeemAuthorizationCode('code-hash', grant('grt_1'), issue('1'), code.expiresAt + tenMinutes - 1)).toEqual({ outcome: 'expired' });
        expect((await store.purgeUnusableRows(code.expiresAt + tenMinutes)).codes).toBe(1);
        expect(await store.findAuthorizationCode('code-hash')).toBeUndefined();
      });

      it('lets exactly one of ten parallel redemptions of a code succeed, across two instances', async () => {
        const other = await harness.open();
        await store.insertAuthorizationCode(code);
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            (i % 2 === 0 ? store : other).redeemAuthorizationCode('code-hash', grant(`grt_${i}`), issue(String(i)), T0 + 1000),
          ),
        );
        expect(results.filter((r) => r.outcome === 'issued')).toHaveLength(1);
        expect(results.filter((r) => r.outcome === 'reused')).toHaveLength(9);
      });

      it('rotates a refresh token once, and a replay revokes the whole grant', async () => {
        await store.issueGrant(grant('grt_1'), issue('1'));
        expect(await store.rotateRefreshToken(rotation('refresh-1', '2'))).toEqual({ outcome: 'rotated', grantId: 'grt_1', userId: 'usr_1', scope: 'surveys:read' });
        expect(await store.findAccessToken('access-2')).toMatchObject({ grantId: 'grt_1', revoked: false });
        expect(await store.rotateRefreshToken(rotation('refresh-1', '3'))).toEqual({ outcome: 'reused', grantId: 'grt_1', userId: 'usr_1' });
        expect(await store.findAccessToken('access-2')).toMatchObject({ revoked: true });
        expect(await store.rotateRefreshToken(rotation('refresh-2', '4'))).toEqual({ outcome: 'revoked' });
      });

      describe('with a grace', () => {
        const graceful = (refreshHash: string, tag: string, nowMs = T0 + 2000, until = T0 + 62_000) => ({
          ...rotation(refreshHash, tag, nowMs),
          grace: { until, sealedSuccessor: `sealed-${tag}` },
        });
        const retried = (lineage: Array<[string, string]>) => ({
          outcome: 'retried',
          grantId: 'grt_1',
          userId: 'usr_1',
          scope: 'surveys:read',
          lineage: lineage.map(([successorHash, sealed]) => ({ successorHash, sealed })),
        });

        it('answers a retry within the grace with the sealed answer of the rotation, issuing nothing', async () => {
          await store.issueGrant(grant('grt_1'), issue('1'));
          expect(await store.rotateRefreshToken(graceful('refresh-1', '2'))).toMatchObject({ outcome: 'rotated' });
          expect(await store.rotateRefreshToken(graceful('refresh-1', '3', T0 + 61_999))).toEqual(retried([['refresh-2', 'sealed-2']]));
          // The retry added no token: one spent refresh token, one live access token beside the first.
          expect(await store.findAccessToken('access-3')).toBeUndefined();
          expect(await store.findAccessToken('access-2')).toMatchObject({ revoked: false });
          const live = await store.listLiveTokens('usr_1', T0 + 61_999);
          expect(live.filter((t) => t.kind === 'refresh')).toHaveLength(1);
          expect(live.filter((t) => t.kind === 'access')).toHaveLength(2);
          expect(await store.rotateRefreshToken(graceful('refresh-2', '4', T0 + 62_000, T0 + 122_000))).toMatchObject({ outcome: 'rotated' });
        });

        it('treats a token whose successor has been presented as reuse within the grace: rotating past the one-hop cap revokes the grant, across instances', async () => {
          const other = await harness.open();
          await store.issueGrant(grant('grt_1'), issue('1'));
          await store.rotateRefreshToken(graceful('refresh-1', '2'));
          await other.rotateRefreshToken(graceful('refresh-2', '3', T0 + 3000, T0 + 63_000));
          expect(await store.rotateRefreshToken(graceful('refresh-1', '4', T0 + 4000))).toEqual({ outcome: 'reused', grantId: 'grt_1', userId: 'usr_1' });
          expect(await store.findAccessToken('access-3')).toMatchObject({ revoked: true });
          expect(await store.rotateRefreshToken(graceful('refresh-3', '5', T0 + 5000))).toEqual({ outcome: 'revoked' });
        });

        it('revokes the grant for a replay once the grace has passed, and clears past seals at the next rotation', async () => {
          await store.issueGrant(grant('grt_1'), issue('1'));
          await store.issueGrant(grant('grt_2'), issue('5'));
          await store.rotateRefreshToken(graceful('refresh-5', '6'));
          await store.rotateRefreshToken(graceful('refresh-1', '2'));
          await store.rotateRefreshToken(graceful('refresh-2', '3', T0 + 70_000, T0 + 130_000));
          expect(await harness.sealedSuccessors()).toEqual(['sealed-3']);
          expect(await store.rotateRefreshToken(graceful('refresh-1', '4', T0 + 70_000))).toEqual({ outcome: 'reused', grantId: 'grt_1', userId: 'usr_1' });
          expect(await store.findAccessToken('access-3')).toMatchObject({ revoked: true });
          expect(await harness.sealedSuccessors()).toEqual([]);
        });

        it('never brings back a revoked grant or a disabled account within the grace', async () => {
          await store.issueGrant(grant('grt_1'), issue('1'));
          await store.rotateRefreshToken(graceful('refresh-1', '2'));
          expect(await store.revokeToken('access-2', 'cli_1', T0 + 2500)).toEqual({ outcome: 'revoked', userId: 'usr_1' });
          expect(await harness.sealedSuccessors()).toEqual([]);
          expect(await store.rotateRefreshToken(graceful('refresh-1', '3', T0 + 3000))).toEqual({ outcome: 'revoked' });
          expect(await store.findAccessToken('access-3')).toBeUndefined();

          await store.issueGrant(grant('grt_2'), issue('5'));
          await store.rotateRefreshToken(graceful('refresh-5', '6'));
          await store.disableUser('usr_1', T0 + 2500);
          expect(await store.rotateRefreshToken(graceful('refresh-5', '7', T0 + 3000))).toEqual({ outcome: 'revoked' });
          expect(await harness.sealedSuccessors()).toEqual([]);
        });

        it('answers ten parallel presentations of one token, across two instances, all in one lineage', async () => {
          const other = await harness.open();
          await store.issueGrant(grant('grt_1'), issue('1'));
          const results = await Promise.all(
            Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? store : other).rotateRefreshToken(graceful('refresh-1', `r${i}`))),
          );
          const rotated = results.findIndex((r) => r.outcome === 'rotated');
          expect(rotated).toBeGreaterThanOrEqual(0);
          const others = results.filter((_, i) => i !== rotated);
          expect(others).toEqual(others.map(() => retried([[`refresh-r${rotated}`, `sealed-r${rotated}`]])));
          const live = await store.listLiveTokens('usr_1', T0 + 2000);
          expect(live.filter((t) => t.kind === 'refresh')).toHaveLength(1);
          // The grant's first access token and the rotation's: the nine retries added none.
          expect(live.filter((t) => t.kind === 'access')).toHaveLength(2);
        });
      });

      it('refuses to rotate unknown, foreign, expired and disabled-user refresh tokens', async () => {
        await store.registerClient({ ...client, id: 'cli_2', registrationKey: 'key-2' });
        await store.issueGrant(grant('grt_1'), issue('1'));
        expect(await store.rotateRefreshToken(rotation('nothing', '2'))).toEqual({ outcome: 'unknown' });
        expect(await store.rotateRefreshToken(rotation('access-1', '2'))).toEqual({ outcome: 'unknown' });
        expect(await store.rotateRefreshToken(rotation('refresh-1', '2', T0 + 2000, 'cli_2'))).toEqual({ outcome: 'other_client' });
        expect(await store.rotateRefreshToken(rotation('refresh-1', '2', T0 + 30 * day))).toEqual({ outcome: 'expired' });
        await store.setUserDisabled('usr_1', true);
        expect(await store.rotateRefreshToken(rotation('refresh-1', '2'))).toEqual({ outcome: 'user_disabled' });
        expect(await store.findAccessToken('access-2')).toBeUndefined();
      });

      it('lets at most one of ten parallel rotations of a refresh token succeed, across two instances', async () => {
        const other = await harness.open();
        await store.issueGrant(grant('grt_1'), issue('1'));
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? store : other).rotateRefreshToken(rotation('refresh-1', `r${i}`))),
        );
        expect(results.filter((r) => r.outcome === 'rotated').length).toBeLessThanOrEqual(1);
        const live = await store.listLiveTokens('usr_1', T0 + 2000);
        // Any replay revoked the grant; otherwise exactly one new pair is live.
        expect(live.length === 0 || live.length === 2).toBe(true);
      });

      it('revokes the whole grant when either of its tokens is revoked', async () => {
        await store.registerClient({ ...client, id: 'cli_2', registrationKey: 'key-2' });
        await store.issueGrant(grant('grt_1'), issue('1'));
        await store.issueGrant(grant('grt_2'), issue('2'));
        expect(await store.revokeToken('access-1', 'cli_2', T0 + 5)).toEqual({ outcome: 'other_client' });
        expect(await store.findAccessToken('access-1')).toMatchObject({ revoked: false });
        expect(await store.revokeToken('nothing', 'cli_1', T0 + 5)).toEqual({ outcome: 'unknown' });
        expect(await store.revokeToken('access-1', 'cli_1', T0 + 5)).toEqual({ outcome: 'revoked', userId: 'usr_1' });
        expect(await store.findAccessToken('access-1')).toMatchObject({ revoked: true });
        expect(await store.rotateRefreshToken(rotation('refresh-1', '3'))).toEqual({ outcome: 'revoked' });
        expect(await store.revokeToken('refresh-2', 'cli_1', T0 + 5)).toEqual({ outcome: 'revoked', userId: 'usr_1' });
        expect(await store.findAccessToken('access-2')).toMatchObject({ revoked: true });
        expect(await store.revokeToken('refresh-2', 'cli_1', T0 + 6)).toEqual({ outcome: 'revoked', userId: 'usr_1' });
        expect(await store.listLiveTokens('usr_1', T0 + 10)).toEqual([]);
      });

      it('lists connected apps and live tokens, and revokes a client for one person', async () => {
        await store.registerClient({ ...client, id: 'cli_2', registrationKey: 'key-2', name: 'Two', redirectUris: ['https://two.example/cb'] });
        await store.issueGrant(grant('grt_1', T0 + 10), issue('1'));
        await store.issueGrant({ ...grant('grt_2', T0 + 20), scope: 'surveys:read surveys:write' }, issue('2'));
        await store.issueGrant(grant('grt_3', T0 + 15, 'cli_2'), issue('3', false));
        expect(await store.listConnectedApps('usr_1')).toEqual([
          // Last used: the newest token of any of the client's live grants.
          { clientId: 'cli_1', clientName: 'Client One', redirectUris: client.redirectUris, scope: 'surveys:read', approvedAt: T0 + 10, lastUsedAt: T0 + 20 },
          { clientId: 'cli_2', clientName: 'Two', redirectUris: ['https://two.example/cb'], scope: 'surveys:read', approvedAt: T0 + 15, lastUsedAt: T0 + 15 },
        ]);
        const live = await store.listLiveTokens('usr_1', T0 + 100);
        expect(live.map((t) => `${t.grantId}/${t.kind}`)).toEqual(['grt_1/access', 'grt_1/refresh', 'grt_3/access', 'grt_2/access', 'grt_2/refresh']);
        expect(live[0]).toEqual({ grantId: 'grt_1', clientId: 'cli_1', clientName: 'Client One', kind: 'access', scope: 'surveys:read', createdAt: T0 + 10, expiresAt: T0 + hour });
        expect((await store.listLiveTokens('usr_1', T0 + hour)).map((t) => t.kind)).toEqual(['refresh', 'refresh']);

        expect(await store.revokeClientForUser('usr_1', 'cli_1', T0 + 200)).toBe(2);
        expect(await store.revokeClientForUser('usr_1', 'cli_1', T0 + 300)).toBe(0);
        expect((await store.listConnectedApps('usr_1')).map((app) => app.clientId)).toEqual(['cli_2']);
        expect(await store.findAccessToken('access-2')).toMatchObject({ revoked: true });
        expect((await store.listLiveTokens('usr_1', T0 + 100)).map((t) => t.grantId)).toEqual(['grt_3']);
      });

      it('names the identity provider on a connected app its ID-JAG granted', async () => {
        await store.issueGrant({ ...grant('grt_1', T0 + 10), grantedBy: 'https://idp.example' }, issue('1', false));
        expect(await store.listConnectedApps('usr_1')).toEqual([
          { clientId: 'cli_1', clientName: 'Client One', redirectUris: client.redirectUris, scope: 'surveys:read', approvedAt: T0 + 10, lastUsedAt: T0 + 10, grantedBy: 'https://idp.example' },
        ]);
      });

      it('disables a person with every grant, token, unredeemed code and session ended for good', async () => {
        await store.issueGrant(grant('grt_1'), issue('1'));
        await store.insertAuthorizationCode(code);
        await store.insertSignInSession('s1', { userId: 'usr_1', createdAt: T0, expiresAt: T0 + hour });
        expect(await store.disableUser('usr_1', T0 + 10)).toBe(true);
        expect(await store.setUserDisabled('usr_1', false)).toBe(true);
        expect(await store.findAccessToken('access-1')).toMatchObject({ revoked: true, userDisabled: false });
        expect(await store.findAuthorizationCode('code-hash')).toBeUndefined();
        expect(await store.findSignInSession('s1', T0 + 1)).toBeUndefined();
        expect(await store.listConnectedApps('usr_1')).toEqual([]);
        expect(await store.disableUser('usr_none', T0)).toBe(false);
      });

      it('accepts a client assertion id once per client, until the assertion expires', async () => {
        expect(await store.useAssertionId('https://app.example/client.json', 'jti-1', T0 + 60_000, T0)).toBe(true);
        expect(await store.useAssertionId('https://app.example/client.json', 'jti-1', T0 + 60_000, T0 + 1)).toBe(false);
        expect(await store.useAssertionId('https://other.example/client.json', 'jti-1', T0 + 60_000, T0 + 1)).toBe(true);
        // Once the assertion has expired its exp refuses it, and its row is swept.
        expect(await store.useAssertionId('https://app.example/client.json', 'jti-1', T0 + 120_000, T0 + 60_000)).toBe(true);
      });

      it('accepts a confirmation id once, until the confirmation expires', async () => {
        expect(await store.useConfirmation('cnf-1', T0 + 60_000, T0)).toBe(true);
        expect(await store.useConfirmation('cnf-1', T0 + 60_000, T0 + 1)).toBe(false);
        expect(await store.useConfirmation('cnf-2', T0 + 60_000, T0 + 1)).toBe(true);
        // Once the confirmation has expired its own expiry refuses it, and its row is swept.
        expect(await store.useConfirmation('cnf-1', T0 + 120_000, T0 + 60_000)).toBe(true);
      });

      it('records a confirmation the person approved apart from its use, until it expires', async () => {
        expect(await store.confirmationStatus('cnf-1', T0)).toEqual({ approved: false, used: false });
        await store.approveConfirmation('cnf-1', T0 + 60_000, T0);
        await store.approveConfirmation('cnf-1', T0 + 60_000, T0 + 1);
        expect(await store.confirmationStatus('cnf-1', T0 + 1)).toEqual({ approved: true, used: false });
        expect(await store.confirmationStatus('cnf-2', T0 + 1)).toEqual({ approved: false, used: false });
        // Approving is no use: the confirmation is still unused, and using it leaves it approved.
        expect(await store.useConfirmation('cnf-1', T0 + 60_000, T0 + 2)).toBe(true);
        expect(await store.confirmationStatus('cnf-1', T0 + 2)).toEqual({ approved: true, used: true });
        expect(await store.confirmationStatus('cnf-1', T0 + 60_000)).toEqual({ approved: false, used: false });
      });

      it('keeps the first server key made under a name, whichever instance offers another later', async () => {
        expect(await store.serverKey('confirmations', 'key-a')).toBe('key-a');
        expect(await store.serverKey('confirmations', 'key-b')).toBe('key-a');
        expect(await store.serverKey('other', 'key-c')).toBe('key-c');
      });

      it('keeps sign-in sessions until they expire, are deleted or their user is disabled', async () => {
        await store.insertSignInSession('s1', { userId: 'usr_1', createdAt: T0, expiresAt: T0 + hour });
        expect(await store.findSignInSession('s1', T0 + 1)).toEqual({ userId: 'usr_1', expiresAt: T0 + hour });
        expect(await store.findSignInSession('s1', T0 + hour)).toBeUndefined();
        expect(await store.findSignInSession('nothing', T0)).toBeUndefined();
        await store.setUserDisabled('usr_1', true);
        expect(await store.findSignInSession('s1', T0 + 1)).toBeUndefined();
        await store.setUserDisabled('usr_1', false);
        await store.deleteSignInSession('s1');
        expect(await store.findSignInSession('s1', T0 + 1)).toBeUndefined();
        await store.insertSignInSession('s2', { userId: 'usr_1', createdAt: T0, expiresAt: T0 + hour });
        // A later sign-in sweeps sessions that ran out, so an old one cannot come back.
        await store.insertSignInSession('s3', { userId: 'usr_1', createdAt: T0 + 2 * hour, expiresAt: T0 + 3 * hour });
        expect(await store.findSignInSession('s2', T0 + 1)).toBeUndefined();
        expect(await store.findSignInSession('s3', T0 + 2 * hour)).toMatchObject({ userId: 'usr_1' });
      });
    });
  });
}
