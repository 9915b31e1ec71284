import { segmentTalliesMigration } from '../../tally-migrations.js';

/**
 * The answer rollup once per segment, as in SQLite (see `src/store/tallies.ts`), kept in step by
 * `insertResponses` and filled here from the answers already stored.
 */
export const segmentTallies = segmentTalliesMigration('postgres');
