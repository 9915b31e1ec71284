import type { NewQuestion, Question } from '../store/survey-store.js';
import { validationFailed } from './errors.js';
import { questionJson } from './present.js';

/**
 * The most characters of JSON a survey's questions may take. get_survey answers the survey, its
 * collaborators and its questions in one answer of at most 1 MiB (mcp/tool-result.ts): with the
 * questions bounded here, the rest has 124 KiB, so every survey the server lets exist can be read.
 */
export const maxQuestionsChars = 900 * 1024;

/** The characters of JSON `questions` take in get_survey's answer, in this order. */
export function questionsChars(questions: readonly NewQuestion[]): number {
  let chars = 0;
  questions.forEach((question, index) => {
    chars += JSON.stringify(questionJson({ ...question, position: index + 1 } as Question)).length + 1;
  });
  return chars;
}

/**
 * Refuses a write that would leave a survey's questions too large for get_survey to answer,
 * before anything is stored: a write answered as failed must not have happened.
 */
export function checkQuestionsSize(surveyId: string, questions: readonly NewQuestion[]): void {
  const chars = questionsChars(questions);
  if (chars <= maxQuestionsChars) return;
  const kib = (n: number) => `${Math.ceil(n / 1024).toLocaleString('en')} KiB`;
  throw validationFailed(
    `the questions of survey '${surveyId}' would take ${kib(chars)} of JSON, over the ${kib(maxQuestionsChars)} a survey may hold so that get_survey can answer it: use fewer or shorter questions and choices`,
  );
}
