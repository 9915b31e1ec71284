import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { operator } from '../../src/platform/context.js';
import { seedDemo } from '../../src/platform/demo/index.js';
import { demoSurveys, demoUsers } from '../../src/platform/demo/catalog.js';
import { createPlatform, type Platform } from '../../src/platform/index.js';
import { openPostgresStore } from '../../src/store/postgres/index.js';
import { openSqliteStore } from '../../src/store/sqlite/index.js';
import type { Store } from '../../src/store/store.js';
import { dropSchemas, postgresUrl, uniqueSchema } from '../helpers/postgres.js';

const now = Date.parse('2026-04-01T12:00:00Z');
const schema = uniqueSchema('agree');
const stores: Store[] = [];
let sqlite: Platform;
let postgres: Platform;

beforeAll(async () => {
  const seeded = async (store: Store) => {
    stores.push(store);
    const clock = new ManualClock(now);
    await seedDemo({ store, clock }, operator);
    return createPlatform({ store, clock });
  };
  sqlite = await seeded(openSqliteStore(':memory:'));
  postgres = await seeded(await openPostgresStore(postgresUrl(schema)));
});

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await dropSchemas([schema]);
});

/** What a platform call gives: its result, or the error a person would see. */
async function outcome(call: (platform: Platform) => Promise<unknown>, platform: Platform): Promise<unknown> {
  try {
    return { result: await call(platform) };
  } catch (error) {
    return { error: { name: (error as Error).name, message: (error as Error).message } };
  }
}

/** Compares both backends' outcomes; true when the call succeeded (so a test can tell it compared data, not only refusals). */
async function expectSame(call: (platform: Platform) => Promise<unknown>): Promise<boolean> {
  const expected = await outcome(call, sqlite);
  expect(await outcome(call, postgres)).toEqual(expected);
  return 'result' in (expected as object);
}

/** Every page of a cursor-paged listing. */
async function allPages<T extends { next_cursor: string | null }>(page: (cursor: string | undefined) => Promise<T>): Promise<T[]> {
  const pages = [await page(undefined)];
  while (pages.at(-1)!.next_cursor) pages.push(await page(pages.at(-1)!.next_cursor!));
  return pages;
}

describe('the demo on SQLite and on PostgreSQL', () => {
  it('lists the same surveys to every person, page by page', async () => {
    for (const user of demoUsers) {
      await expectSame((platform) => allPages((cursor) => platform.listSurveys(user.id, { limit: 2, cursor })));
      await expectSame((platform) => platform.listSurveys(user.id, { query: 'ACME', status: 'open' }));
    }
  });

  it('gives the same results for every survey, by status and by segment', async () => {
    let compared = 0;
    for (const user of demoUsers) {
      for (const survey of demoSurveys) {
        if (await expectSame((platform) => platform.getSurveyResults(user.id, { survey_id: survey.id }))) compared++;
        await expectSame((platform) => platform.getSurveyResults(user.id, { survey_id: survey.id, status: 'partial' }));
        const segment = survey.questions.findIndex((question) => question.type === 'single_choice');
        if (segment >= 0) {
          const key = survey.id.slice('srv_'.length);
          await expectSame((platform) => platform.getSurveyResults(user.id, { survey_id: survey.id, segment_by: `qst_${key}_${segment + 1}` }));
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(demoSurveys.length);
  });

  it('lists the same responses in the same pages', async () => {
    const alice = demoUsers[0]!.id;
    for (const survey of demoSurveys) {
      await expectSame((platform) => allPages((cursor) => platform.listResponses(alice, { survey_id: survey.id, limit: 100, cursor })));
      const text = survey.questions.findIndex((question) => question.type === 'long_text');
      if (text >= 0) {
        const where = { question_id: `qst_${survey.id.slice('srv_'.length)}_${text + 1}`, contains: 'THE' };
        await expectSame((platform) => allPages((cursor) => platform.listResponses(alice, { survey_id: survey.id, where, limit: 50, cursor })));
      }
    }
  });
});
