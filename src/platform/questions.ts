import { isDeepStrictEqual } from 'node:util';
import type { Choice, NewQuestion, Question, QuestionType, Survey } from '../store/survey-store.js';
import { assertEditable, editingQuestion, editingSurvey, openQuestion, openSurvey } from './access.js';
import type { PlatformContext } from './context.js';
import { shown, validationFailed } from './errors.js';
import { checkQuestionsSize } from './survey-size.js';
import { newId } from './ids.js';
import { questionJson, questionVersion, type QuestionJson } from './present.js';
import {
  checkChoiceLabels,
  checkDescription,
  checkQuestionText,
  checkSettings,
  checkType,
  isChoiceType,
  maxQuestions,
} from './question-rules.js';
import { hasResponses, isLive } from './states.js';

/** One question as `create_survey` and `add_question` take it. */
export interface QuestionInput {
  type: QuestionType;
  text: string;
  description?: string;
  required?: boolean;
  choices?: string[];
  settings?: Record<string, unknown>;
}

export function newQuestion(surveyId: string, input: QuestionInput): NewQuestion {
  const type = checkType(input.type);
  const labels = input.choices ?? [];
  if (!isChoiceType(type) && labels.length > 0) {
    throw validationFailed(`'choices' only apply to single_choice and multiple_choice questions, not ${type}`);
  }
  return {
    id: newId('qst'),
    surveyId,
    type,
    text: checkQuestionText(input.text),
    description: checkDescription(input.description),
    required: input.required ?? false,
    settings: checkSettings(type, input.settings),
    // A draft may hold a choice question without choices yet; publishing requires two.
    choices: labels.length === 0 ? [] : checkChoiceLabels(labels).map((label) => ({ id: newId('chc'), label })),
  };
}

const lockedMessage = (surveyId: string, what: string): string =>
  `survey '${surveyId}' has responses, so ${what} is no longer allowed (rewording, new choices, reordering and new optional questions still are)`;

function checkPosition(position: number | undefined, max: number, fallback: number): number {
  if (position === undefined) return fallback;
  if (!Number.isInteger(position) || position < 1 || position > max) {
    throw validationFailed(`'position' must be a whole number from 1 to ${max}, got ${position}`);
  }
  return position;
}

export interface AddQuestionArgs extends QuestionInput {
  survey_id: string;
  position?: number;
}

export interface QuestionResult {
  question: QuestionJson;
}

export interface UpdateQuestionResult extends QuestionResult {
  /** False when the question already was as asked: nothing was stored or audited. */
  changed: boolean;
}

export async function addQuestion(ctx: PlatformContext, actorUserId: string, args: AddQuestionArgs): Promise<QuestionResult> {
  return editingSurvey(ctx, args.survey_id, async (ctx) => {
    const { survey } = await openSurvey(ctx, actorUserId, args.survey_id, 'edit', 'edit');
    assertEditable(survey);
    const question = newQuestion(survey.id, args);
    if (question.required && hasResponses(survey)) throw validationFailed(lockedMessage(survey.id, 'adding a required question'));
    if (isLive(survey.status) && isChoiceType(question.type) && question.choices.length < 2) {
      throw validationFailed(`choice question '${question.text}' needs at least 2 choices: survey '${survey.id}' is ${survey.status}, and respondents must be able to answer every question`);
    }
    const existing = await ctx.store.listQuestions(survey.id);
    const count = existing.length;
    if (count >= maxQuestions) throw validationFailed(`survey '${survey.id}' already holds the maximum of ${maxQuestions} questions`);
    const position = checkPosition(args.position, count + 1, count + 1);
    checkQuestionsSize(survey.id, [...existing, question]);
    await ctx.store.updateSurvey(survey.id, { updatedAt: ctx.clock.now() });
    return { question: questionJson(await ctx.store.insertQuestion(question, position)) };
  });
}

export interface UpdateQuestionArgs {
  question_id: string;
  text?: string;
  description?: string;
  required?: boolean;
  position?: number;
  /** The full new list, in order: items with an id keep (and may relabel) that choice. */
  choices?: Array<{ id?: string; label: string }>;
  settings?: Record<string, unknown>;
  /** The question's `version` the edit is based on: refused as a conflict once it changed. */
  version?: string;
}

export async function updateQuestion(ctx: PlatformContext, actorUserId: string, args: UpdateQuestionArgs): Promise<UpdateQuestionResult> {
  return editingQuestion(ctx, args.question_id, async (ctx) => {
    const { survey, question } = await openQuestion(ctx, actorUserId, args.question_id, 'edit', 'edit');
    const existing = await ctx.store.listQuestions(survey.id);
    const { fields, choices, position } = plannedQuestionUpdate(survey, question, existing, args);
    const { text, description, required, settings: held, choices: heldChoices } = question;
    if (position === question.position && isDeepStrictEqual({ ...fields, choices }, { text, description, required, settings: held, choices: heldChoices })) {
      return { question: questionJson(question), changed: false };
    }
    const updated = await ctx.store.updateQuestion(question.id, fields, choices, position);
    await ctx.store.updateSurvey(survey.id, { updatedAt: ctx.clock.now() });
    return { question: questionJson(updated), changed: true };
  });
}

/**
 * What `args` make of `question`, or the validation error that refuses them: what
 * `update_question` writes, and what a confirmation checks first (a refused call is never asked about).
 */
export function plannedQuestionUpdate(survey: Survey, question: Question, existing: readonly Question[], args: UpdateQuestionArgs) {
  assertEditable(survey);
  // Checked with the survey locked: no other edit lands between this check and the write.
  if (args.version !== undefined && args.version !== questionVersion(question)) {
    throw validationFailed(
      `conflict: question '${question.id}' was changed by another edit since its version '${shown(args.version)}' was read, so nothing was changed: read it again (get_survey) and send your edit again`,
    );
  }
  const locked = hasResponses(survey);
  const settings = args.settings === undefined ? question.settings : checkSettings(question.type, args.settings);
  if (locked && !isDeepStrictEqual(settings, question.settings)) {
    throw validationFailed(lockedMessage(survey.id, 'changing settings'));
  }
  if (locked && args.required === true && !question.required) {
    throw validationFailed(lockedMessage(survey.id, 'making a question required'));
  }
  const choices = args.choices === undefined ? question.choices : nextChoices(question, args.choices, locked, args.version !== undefined);
  const fields = {
    text: args.text === undefined ? question.text : checkQuestionText(args.text),
    description: args.description === undefined ? question.description : checkDescription(args.description),
    required: args.required ?? question.required,
    settings,
  };
  const position = checkPosition(args.position, existing.length, question.position);
  checkQuestionsSize(survey.id, existing.map((other) => (other.id === question.id ? { ...other, ...fields, choices } : other)));
  return { fields, choices, position };
}

function nextChoices(question: Question, given: Array<{ id?: string; label: string }>, locked: boolean, versioned: boolean): Choice[] {
  if (!isChoiceType(question.type)) {
    throw validationFailed(`'choices' only apply to single_choice and multiple_choice questions, not ${question.type}`);
  }
  const labels = checkChoiceLabels(given.map((choice) => choice.label));
  const known = new Set(question.choices.map((choice) => choice.id));
  const kept = new Set<string>();
  const choices = given.map((choice, index) => {
    if (choice.id === undefined) return { id: newId('chc'), label: labels[index]! };
    if (!known.has(choice.id)) throw validationFailed(`choice '${shown(choice.id)}' is not a choice of question '${question.id}'`);
    if (kept.has(choice.id)) throw validationFailed(`choice '${shown(choice.id)}' is listed twice`);
    kept.add(choice.id);
    return { id: choice.id, label: labels[index]! };
  });
  const removed = question.choices.filter((choice) => !kept.has(choice.id));
  if (locked && removed.length > 0) {
    throw validationFailed(lockedMessage(question.surveyId, `removing choice '${removed[0]!.label}'`));
  }
  // A list read before another edit added a choice leaves that choice out: only a list sent with
  // the version it was read at may remove choices, so a concurrent addition is never undone.
  if (removed.length > 0 && !versioned) {
    throw validationFailed(
      `'choices' leaves out choice '${removed[0]!.label}' ('${removed[0]!.id}') of question '${question.id}', and removing a choice needs the question's 'version' from get_survey: without it a choice another edit added since you read the question would be lost. Nothing was changed: read the question again and send the whole list with its 'version'`,
    );
  }
  return choices;
}

export interface DeleteQuestionArgs {
  question_id: string;
}

export interface DeleteQuestionResult {
  deleted: true;
  question_id: string;
  survey_id: string;
}

export async function deleteQuestion(ctx: PlatformContext, actorUserId: string, args: DeleteQuestionArgs): Promise<DeleteQuestionResult> {
  return editingQuestion(ctx, args.question_id, async (ctx): Promise<DeleteQuestionResult> => {
    const { survey, question } = await openQuestion(ctx, actorUserId, args.question_id, 'edit', 'edit');
    assertEditable(survey);
    if (hasResponses(survey)) throw validationFailed(lockedMessage(survey.id, 'deleting questions'));
    if (isLive(survey.status) && (await ctx.store.listQuestions(survey.id)).length === 1) {
      throw validationFailed(
        `'${question.text}' is the only question of ${survey.status} survey '${survey.id}', which must keep at least one: add another first, or close the survey`,
      );
    }
    await ctx.store.deleteQuestion(question.id);
    await ctx.store.updateSurvey(survey.id, { updatedAt: ctx.clock.now() });
    return { deleted: true, question_id: question.id, survey_id: survey.id };
  });
}
