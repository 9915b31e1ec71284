import { answerTalliesMigration } from '../../tally-migrations.js';

/**
 * The answer rollup (see `src/store/tallies.ts`), kept in step by `insertResponses` and filled
 * here from the answers already stored. Key columns use '' and 0 for "none" so the primary key
 * can be the upsert target; `day` is the UTC day of submitted_at. Answers are never deleted
 * (deleting a question or a choice keeps them), so neither are tallies.
 */
export const answerTallies = answerTalliesMigration('sqlite');
