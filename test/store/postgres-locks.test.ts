/**
 * What only PostgreSQL can show about units of edits (`Store.withSurveyLocked`): several
 * instances (pools) share the lock, a real deadlock is retried whole with the failed attempt
 * rolled back, and a lock not granted in time is a StoreContentionError rather than a hang.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { StoreContentionError } from '../../src/store/errors.js';
import { openPostgresStore } from '../../src/store/postgres/index.js';
import type { Store } from '../../src/store/store.js';
import { question, survey, T0 } from './records.js';
import { dropSchemas, postgresUrl, uniqueSchema } from '../helpers/postgres.js';

const schemas: string[] = [];
const opened: Store[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});
afterAll(() => dropSchemas(schemas));

async function twoInstances(): Promise<[Store, Store]> {
  const schema = uniqueSchema('locks');
  schemas.push(schema);
  const first = await openPostgresStore(postgresUrl(schema));
  const second = await openPostgresStore(postgresUrl(schema));
  opened.push(first, second);
  await first.insertUser({ id: 'usr_owner', email: 'one@example.com', name: 'One', passwordHash: 'x', createdAt: T0 });
  await first.insertWorkspace({ id: 'wsp_a', name: 'One', createdAt: T0 });
  return [first, second];
}

describe('units of edits on PostgreSQL', () => {
  it('serialises units across instances: 40 parallel appends through two pools end dense', async () => {
    const [first, second] = await twoInstances();
    await first.insertSurvey(survey('srv_1'), []);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? first : second).withSurveyLocked('srv_1', async (store) => {
          const count = (await store.listQuestions('srv_1')).length;
          await store.insertQuestion(question('srv_1', `qst_${i}`, 'short_text'), count + 1);
        }),
      ),
    );
    const positions = (await first.listQuestions('srv_1')).map((q) => q.position);
    expect(positions).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('retries the victim of a real deadlock whole, its first attempt rolled back', async () => {
    const [first, second] = await twoInstances();
    await first.insertSurvey(survey('srv_a'), []);
    await first.insertSurvey(survey('srv_b'), []);
    let holding = 0;
    let bothHold!: () => void;
    const barrier = new Promise<void>((resolve) => (bothHold = resolve));
    const attempts = { srv_a: 0, srv_b: 0 };
    // Each unit writes to its survey, waits until the other holds its own, then locks the other's: a cycle.
    const crossing = (store: Store, mine: 'srv_a' | 'srv_b', theirs: string) =>
      store.withSurveyLocked(mine, async (unit) => {
        attempts[mine] += 1;
        await unit.insertQuestion(question(mine, `qst_${mine}_${attempts[mine]}`, 'short_text'), 1);
        if (++holding === 2) bothHold();
        await barrier;
        return unit.withSurveyLocked(theirs, async () => 'done');
      });
    expect(await Promise.all([crossing(first, 'srv_a', 'srv_b'), crossing(second, 'srv_b', 'srv_a')])).toEqual(['done', 'done']);
    expect(attempts.srv_a + attempts.srv_b).toBe(3);
    expect((await first.listQuestions('srv_a')).length).toBe(1);
    expect((await first.listQuestions('srv_b')).length).toBe(1);
  });

  it('answers StoreContentionError naming the survey when its lock is not granted in time', async () => {
    const [first, second] = await twoInstances();
    await first.insertSurvey(survey('srv_busy'), []);
    let release!: () => void;
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const holder = first.withSurveyLocked('srv_busy', async () => {
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    const waiting = await second.withSurveyLocked('srv_busy', async () => 'got in').catch((error: unknown) => error);
    release();
    await holder;
    expect(waiting).toBeInstanceOf(StoreContentionError);
    expect((waiting as Error).message).toBe(
      "survey 'srv_busy' is being changed by other requests at this moment and this change could not be applied after 1 attempt: nothing was changed, try again",
    );
  });
});
