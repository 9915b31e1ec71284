import { describe, expect, it } from 'vitest';
import type { Survey } from '../store/survey-store.js';
import { allowedTargets, autoCloseDue, publishProblem, reopenProblem, transitionCapability, transitionProblem } from './states.js';

const survey = (fields: Partial<Survey>): Survey =>
  ({ status: 'open', closesAt: null, responseLimit: null, responseCounts: { completed: 0, partial: 0, disqualified: 0 }, ...fields }) as Survey;

describe('survey state machine', () => {
  it('allows draft → open ⇄ paused → closed → open, and archiving from draft or closed', () => {
    expect(allowedTargets('draft', null)).toEqual(['open', 'archived']);
    expect(allowedTargets('open', 'draft')).toEqual(['paused', 'closed']);
    expect(allowedTargets('paused', 'open')).toEqual(['open', 'closed']);
    expect(allowedTargets('closed', 'open')).toEqual(['open', 'archived']);
  });
  it('restores an archived survey only to its previous status', () => {
    expect(allowedTargets('archived', 'closed')).toEqual(['closed']);
    expect(transitionProblem('archived', 'open', 'closed')).toBe("cannot change status from 'archived' to 'open' (allowed: closed)");
  });
  it('refuses a move the graph lacks and names the allowed ones', () => {
    expect(transitionProblem('draft', 'paused', null)).toBe("cannot change status from 'draft' to 'paused' (allowed: open, archived)");
    expect(transitionProblem('open', 'archived', 'draft')).toBeDefined();
  });
  it('keeps archiving and restoring to the owner', () => {
    expect(transitionCapability('closed', 'archived')).toBe('manage');
    expect(transitionCapability('archived', 'draft')).toBe('manage');
    expect(transitionCapability('open', 'paused')).toBe('edit');
  });
});

describe('preconditions', () => {
  const now = 1_000_000;
  it('publishing needs a question, two choices per choice question and a future closes_at', () => {
    expect(publishProblem({ questionCount: 0, choiceQuestionsShort: [], closesAt: null }, now)).toMatch(/at least one question/);
    expect(publishProblem({ questionCount: 1, choiceQuestionsShort: ['Plan?'], closesAt: null }, now)).toMatch(/'Plan\?' needs at least 2 choices/);
    expect(publishProblem({ questionCount: 1, choiceQuestionsShort: [], closesAt: now }, now)).toMatch(/has passed/);
    expect(publishProblem({ questionCount: 1, choiceQuestionsShort: [], closesAt: now + 1 }, now)).toBeUndefined();
  });
  it('resuming and reopening keep the same rules, named by what is being done', () => {
    expect(publishProblem({ questionCount: 0, choiceQuestionsShort: [], closesAt: null }, now, 'reopening')).toBe('a survey needs at least one question to be reopened');
    expect(publishProblem({ questionCount: 1, choiceQuestionsShort: ['Plan?'], closesAt: null }, now, 'resuming')).toBe("choice question 'Plan?' needs at least 2 choices before resuming");
  });
  it('reopening also needs room under the response limit', () => {
    expect(reopenProblem(survey({ status: 'closed', responseLimit: 2, responseCounts: { completed: 2, partial: 0, disqualified: 0 } }))).toMatch(/limit of 2 is reached/);
    expect(reopenProblem(survey({ status: 'closed' }))).toBeUndefined();
  });
});

describe('auto-close', () => {
  const now = 5_000;
  it('is due for an open or paused survey past closes_at or at its completed-response limit', () => {
    expect(autoCloseDue(survey({ closesAt: now }), now)).toBe(true);
    expect(autoCloseDue(survey({ status: 'paused', closesAt: now - 1 }), now)).toBe(true);
    expect(autoCloseDue(survey({ responseLimit: 1, responseCounts: { completed: 1, partial: 0, disqualified: 0 } }), now)).toBe(true);
  });
  it('is not due before closes_at, below the limit (partials do not count), or in other states', () => {
    expect(autoCloseDue(survey({ closesAt: now + 1 }), now)).toBe(false);
    expect(autoCloseDue(survey({ responseLimit: 1, responseCounts: { completed: 0, partial: 5, disqualified: 0 } }), now)).toBe(false);
    expect(autoCloseDue(survey({ status: 'draft', closesAt: 0 }), now)).toBe(false);
  });
});
