import { randomUUID } from 'node:crypto';
import { fail, type Check } from '../../check.js';
import { expectToolErrorInEachEra } from './tool-error.js';

export const toolErrorNotFound: Check = {
  id: 'tool-error-not-found',
  group: 'tool-errors',
  title: 'An id that does not exist gets a tool error naming the record kind and the id, in each era offered',
  spec: 'section 7.2 rules 1-3',
  level: 'MUST',
  era: 'any',
  needsSignIn: true,
  async run(ctx) {
    const surveyId = `srv_conformance_${randomUUID().slice(0, 8)}`;
    return expectToolErrorInEachEra(ctx, 'get_survey', { survey_id: surveyId }, `get_survey for "${surveyId}"`, (message, era) => {
      if (!message.includes(surveyId) || !/survey/i.test(message) || !/not found/i.test(message)) {
        fail(`${era}: the message "${message}" must name the kind (survey), the id "${surveyId}" and say it was not found`);
      }
    });
  },
};
