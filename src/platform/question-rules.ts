import type { QuestionType } from '../store/survey-store.js';
import { validationFailed } from './errors.js';
import { checkLength } from './values.js';

export const questionTypes: readonly QuestionType[] = [
  'single_choice',
  'multiple_choice',
  'rating',
  'nps',
  'number',
  'short_text',
  'long_text',
  'date',
];

/** The most questions one survey holds. */
export const maxQuestions = 200;

export const isChoiceType = (type: QuestionType): boolean => type === 'single_choice' || type === 'multiple_choice';
export const isNumericType = (type: QuestionType): boolean => type === 'rating' || type === 'nps' || type === 'number';
export const isTextType = (type: QuestionType): boolean => type === 'short_text' || type === 'long_text';

export function checkType(type: string): QuestionType {
  if (!questionTypes.includes(type as QuestionType)) {
    throw validationFailed(`'type' must be one of ${questionTypes.join(', ')}, got '${type}'`);
  }
  return type as QuestionType;
}

export const checkQuestionText = (text: string): string => checkLength('text', text, 1, 500);
export const checkDescription = (description: string | undefined): string =>
  checkLength('description', description ?? '', 0, 2000);

/** Labels: 1–200 characters, 2–50 of them, unique case-insensitively. */
export function checkChoiceLabels(labels: readonly string[]): string[] {
  if (labels.length < 2 || labels.length > 50) {
    throw validationFailed(`'choices' must hold 2 to 50 choices, got ${labels.length}`);
  }
  const seen = new Set<string>();
  return labels.map((label) => {
    const trimmed = checkLength('choices', label, 1, 200);
    const key = trimmed.toLowerCase();
    if (seen.has(key)) throw validationFailed(`choice '${trimmed}' appears twice (labels are unique, ignoring case)`);
    seen.add(key);
    return trimmed;
  });
}

const settingKeys: Record<QuestionType, readonly string[]> = {
  single_choice: [],
  multiple_choice: [],
  rating: ['min', 'max'],
  nps: [],
  number: ['min', 'max'],
  short_text: [],
  long_text: [],
  date: [],
};

/** Settings as stored: rating scales get their defaults (1 to 5); unknown keys are refused. */
export function checkSettings(type: QuestionType, settings: Record<string, unknown> | undefined): Record<string, unknown> {
  const given = settings ?? {};
  const unknown = Object.keys(given).filter((key) => !settingKeys[type].includes(key));
  if (unknown.length > 0) {
    const allowed = settingKeys[type].length > 0 ? `only ${settingKeys[type].join(', ')}` : 'no settings';
    throw validationFailed(`'settings.${unknown[0]}' is not a setting of ${type} questions (they take ${allowed})`);
  }
  if (type === 'rating') {
    const min = given.min ?? 1;
    const max = given.max ?? 5;
    if (min !== 0 && min !== 1) throw validationFailed(`rating 'settings.min' must be 0 or 1, got ${JSON.stringify(min)}`);
    if (!Number.isInteger(max) || (max as number) < 3 || (max as number) > 10) {
      throw validationFailed(`rating 'settings.max' must be a whole number from 3 to 10, got ${JSON.stringify(max)}`);
    }
    return { min, max };
  }
  if (type === 'number') {
    for (const key of ['min', 'max'] as const) {
      if (given[key] !== undefined && (typeof given[key] !== 'number' || !Number.isFinite(given[key]))) {
        throw validationFailed(`number 'settings.${key}' must be a number, got ${JSON.stringify(given[key])}`);
      }
    }
    if (typeof given.min === 'number' && typeof given.max === 'number' && given.min > given.max) {
      throw validationFailed(`number 'settings.min' (${given.min}) is above 'settings.max' (${given.max})`);
    }
    return { ...given };
  }
  return {};
}

/** The numeric scale of rating and NPS questions, for `where` and answer checks. */
export function scaleOf(type: QuestionType, settings: Record<string, unknown>): { min: number; max: number } | undefined {
  if (type === 'nps') return { min: 0, max: 10 };
  if (type === 'rating') return { min: settings.min as number, max: settings.max as number };
  return undefined;
}
