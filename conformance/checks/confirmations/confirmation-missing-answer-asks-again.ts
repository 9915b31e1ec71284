import { fail, type Check } from '../../check.js';
import { MODERN_REVISION } from '../../modern.js';
import { callTool, FORM_ELICITATION, resultOf } from './calls.js';
import { stillHas, withScratchSurvey } from './scratch.js';
import { ask } from './ways.js';

export const confirmationMissingAnswerAsksAgain: Check = {
  id: 'confirmation-missing-answer-asks-again',
  group: 'confirmations',
  title: 'A repeated call whose inputResponses lack the answer asked for gets a new input-required result, not the change',
  spec: 'MCP 2026-07-28 basic/patterns/mrtr "Error Handling" (SEP-2322, sep-2322-missing-input-response)',
  level: 'SHOULD',
  era: MODERN_REVISION,
  needsSignIn: true,
  async run(ctx) {
    const way = { era: MODERN_REVISION, kind: 'input request', label: `${MODERN_REVISION} input request` } as const;
    return withScratchSurvey(ctx, MODERN_REVISION, async (survey) => {
      const [question] = survey.questions;
      const asked = await ask(ctx, way, question);
      const params = { name: 'delete_question', arguments: { question_id: question.id }, inputResponses: { unrelated: { action: 'accept', content: {} } }, requestState: asked.seal };
      const what = `${way.label}: delete_question "${question.id}" with inputResponses lacking "${asked.inputKey}"`;
      const result = resultOf(await callTool(ctx, MODERN_REVISION, params, FORM_ELICITATION), what);
      if (result['resultType'] !== 'input_required') fail(`${what}: "resultType" is ${JSON.stringify(result['resultType'])}, not "input_required" (asked again)`);
      if (!(await stillHas(ctx, MODERN_REVISION, survey, question))) fail(`${what}: the question was deleted`);
      return `${way.label}: asked again`;
    });
  },
};
