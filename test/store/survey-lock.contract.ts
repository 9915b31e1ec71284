/**
 * The concurrency part of the store contract (`describeStoreContract` runs it on every backend):
 * units of edits on one survey (`Store.withSurveyLocked`) never interleave, however many run at
 * once on one instance, so a unit's check still holds when it writes. Each unit yields between its
 * read and its write, where an unlocked read-check-write would let the others in.
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.js';
import { question, survey, T0 } from './records.js';

const otherRequestsRun = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

export function describeSurveyLockContract(current: () => Store): void {
  describe('units of edits on one survey', () => {
    async function draft(id: string): Promise<void> {
      const store = current();
      if (!(await store.findUserById('usr_owner'))) {
        await store.insertUser({ id: 'usr_owner', email: 'owner@example.com', name: 'Owner', passwordHash: 'x', createdAt: T0 });
        await store.insertWorkspace({ id: 'wsp_a', name: 'Alpha', createdAt: T0 });
      }
      await store.insertSurvey(survey(id), []);
    }

    /** Reads the count, lets others run, then appends if under `cap`: the check-then-write of add_question. */
    const appendUnder = (surveyId: string, id: string, cap: number) =>
      current().withSurveyLocked(surveyId, async (store) => {
        const count = (await store.listQuestions(surveyId)).length;
        await otherRequestsRun();
        if (count >= cap) return false;
        await store.insertQuestion(question(surveyId, id, 'short_text'), count + 1);
        return true;
      });

    it('runs parallel read-check-write units one at a time: positions stay dense and a cap exact', async () => {
      await draft('srv_lock');
      const added = await Promise.all(Array.from({ length: 30 }, (_, i) => appendUnder('srv_lock', `qst_${i}`, 24)));
      expect(added.filter(Boolean)).toHaveLength(24);
      const questions = await current().listQuestions('srv_lock');
      expect(questions.map((q) => q.position)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    });

    it('hands a unit a store that sees its own writes, and lets a nested unit join it', async () => {
      await draft('srv_nest');
      const seen = await current().withSurveyLocked('srv_nest', async (store) => {
        await store.insertQuestion(question('srv_nest', 'qst_outer', 'short_text'), 1);
        return store.withSurveyLocked('srv_nest', async (inner) => (await inner.listQuestions('srv_nest')).map((q) => q.id));
      });
      expect(seen).toEqual(['qst_outer']);
    });

    it('runs units on different surveys side by side: one waits for the other, and both finish', async () => {
      await draft('srv_side_a');
      await draft('srv_side_b');
      let bStarted!: () => void;
      const started = new Promise<void>((resolve) => (bStarted = resolve));
      const never = new Promise<'b never started'>((resolve) => setTimeout(() => resolve('b never started'), 2_000).unref());
      const a = current().withSurveyLocked('srv_side_a', () => Promise.race([started.then(() => 'a saw b' as const), never]));
      const b = current().withSurveyLocked('srv_side_b', async () => bStarted());
      expect(await a).toBe('a saw b');
      await b;
    });

    it('passes a failing unit\'s error on and runs the units queued behind it', async () => {
      await draft('srv_fail');
      const failing = current().withSurveyLocked('srv_fail', async () => {
        await otherRequestsRun();
        throw new Error('refused by a check');
      });
      const next = appendUnder('srv_fail', 'qst_after', 10);
      await expect(failing).rejects.toThrow('refused by a check');
      expect(await next).toBe(true);
    });

    it('runs a unit on a survey that does not exist, so the caller can say it was not found', async () => {
      expect(await current().withSurveyLocked('srv_none', (store) => store.findSurvey('srv_none'))).toBeUndefined();
    });
  });
}
