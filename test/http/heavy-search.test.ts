/**
 * No search stalls another person (docs/limits.md): a `list_responses` whose `where` test scans a
 * large survey runs off the event loop, so another person's cheap request is answered while it
 * runs. No timing threshold: the order of the answers says it. On SQLite the scan ran on the
 * request thread, so nothing else could be answered until it ended; PostgreSQL scans in its own
 * process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operator } from '../../src/platform/context.js';
import { seedLoadSurvey } from '../../src/platform/demo/load.js';
import { backends, startTeamServer, type Backend, type Team } from '../helpers/backends.js';
import { callTool } from '../helpers/mcp.js';

/** Enough that the scan takes a few hundred milliseconds, and a get_me a few. */
const responses = 60_000;

describe.each(backends)('a scanning search on %s', (backend: Backend) => {
  let team: Team;
  let surveyId: string;
  let textQuestion: string;
  beforeAll(async () => {
    team = await startTeamServer(backend);
    const { store, clock } = team.server;
    surveyId = await seedLoadSurvey({ store, clock }, operator, { responses, title: 'Large', ownerEmail: 'alice@example.com' });
    textQuestion = (await store.listQuestions(surveyId)).find((question) => question.type === 'long_text')!.id;
  }, 180_000);
  afterAll(() => team.close());

  it("lets another person's get_me be answered while it runs", async () => {
    const { store } = team.server;
    const listResponses = store.listResponses;
    let started!: () => void;
    const scanning = new Promise<void>((resolve) => (started = resolve));
    store.listResponses = (...args) => {
      started();
      return listResponses.apply(store, args);
    };
    try {
      const order: string[] = [];
      // No answer contains this text: the scan reads every response's answer.
      const where = { question_id: textQuestion, contains: 'no answer says this' };
      const search = callTool(team.server, team.alice, 'list_responses', { survey_id: surveyId, where, limit: 100 }).then((answer) => {
        order.push('search');
        return answer;
      });
      await scanning;
      const other = await callTool(team.server, team.bob, 'get_me');
      order.push('get_me');
      const found = await search;
      expect(other.status).toBe(200);
      expect(found.status).toBe(200);
      expect(found.isError).toBe(false);
      expect(found.payload['responses']).toEqual([]);
      expect(order).toEqual(['get_me', 'search']);
    } finally {
      store.listResponses = listResponses;
    }
  });
});
