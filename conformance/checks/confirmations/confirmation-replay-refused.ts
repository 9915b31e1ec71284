import { fail, type Check } from '../../check.js';
import { toolErrorMessage } from '../../mcp.js';
import { answer, ask, expectRefused, inEachWay } from './ways.js';

export const confirmationReplayRefused: Check = {
  id: 'confirmation-replay-refused',
  group: 'confirmations',
  title: 'A requestState or confirmation token already used is refused when sent again (-32602 in an input request, a validation tool error for a token), in each era offered',
  spec: 'MCP 2026-07-28 basic/patterns/mrtr "Server Requirements": replay-checked (SEP-2322); docs/tools.md "Confirmations"',
  level: 'MUST',
  era: 'any',
  needsSignIn: true,
  async run(ctx) {
    return inEachWay(ctx, async (way, survey) => {
      const [question] = survey.questions;
      const asked = await ask(ctx, way, question);
      const first = await answer(ctx, asked, question);
      const firstResult = first.message?.result;
      if (!firstResult || first.message?.error) fail(`${way.label}: the first confirmed call was refused (${first.message?.error?.message ?? 'no result'}); nothing to replay`);
      if (firstResult['isError'] === true) fail(`${way.label}: the first confirmed call was a tool error "${toolErrorMessage(firstResult) ?? ''}"; nothing to replay`);
      return expectRefused(asked, await answer(ctx, asked, question), 'the same confirmed call sent again');
    }, true);
  },
};
