import { segmentTalliesMigration } from '../../tally-migrations.js';

/**
 * The answer rollup once per segment (see `src/store/tallies.ts`): the tallies of the responses
 * that gave each choice of each single-choice question, kept in step by `insertResponses` and
 * filled here from the answers already stored. A response is in a segment when it has an answer
 * row with that question and choice, as the answer-index path tests it; repeated rows count once.
 */
export const segmentTallies = segmentTalliesMigration('sqlite');
