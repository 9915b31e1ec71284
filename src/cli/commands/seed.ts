import { operator } from '../../platform/context.js';
import { isStoreEmpty, seedDemo } from '../../platform/demo/index.js';
import { seedLoadSurvey } from '../../platform/demo/load.js';
import { type StoreFlags, withPlatform } from '../store-access.js';

export interface SeedOptions extends StoreFlags {
  /** Parsed by the program (parseWholeNumber). */
  responses?: number;
  surveyTitle?: string;
  owner?: string;
}

/** Without --responses: the demo, once. With it: one more open survey of N generated responses. */
export async function seed(options: SeedOptions): Promise<void> {
  const count = options.responses;
  await withPlatform(options, async (ctx) => {
    const empty = await isStoreEmpty(ctx, operator);
    if (empty) {
      await seedDemo(ctx, operator);
      console.error('seeded the demo: alice@example.com, bob@example.com, carol@example.com, dave@example.com, erin@example.com (password: survey-demo)');
    } else if (count === undefined) {
      console.log('the store already has users: demo not seeded (nothing to do)');
      return;
    }
    if (count === undefined) return;
    const progress = progressReporter(count);
    const surveyId = await seedLoadSurvey(ctx, operator, {
      responses: count,
      title: options.surveyTitle ?? `Load test: ${count.toLocaleString('en')} responses`,
      ownerEmail: options.owner ?? 'alice@example.com',
      onProgress: progress,
    });
    console.log(surveyId);
  });
}

/** A bar redrawn in place on a terminal; a line per 10% when stderr is a file or pipe. */
function progressReporter(total: number): (done: number) => void {
  const started = Date.now();
  let lastTenth = -1;
  return (done) => {
    const fraction = done / total;
    if (process.stderr.isTTY) {
      const width = 30;
      const filled = Math.round(fraction * width);
      const rate = Math.round(done / Math.max(0.001, (Date.now() - started) / 1000));
      process.stderr.write(
        `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}% ${done}/${total} (${rate}/s)`,
      );
      if (done === total) process.stderr.write('\n');
      return;
    }
    const tenth = Math.floor(fraction * 10);
    if (tenth > lastTenth) {
      lastTenth = tenth;
      console.error(`seeded ${done}/${total} responses (${tenth * 10}%)`);
    }
  };
}
