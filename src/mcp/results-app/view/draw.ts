import { choiceBars, dateRange, histogram, npsChart, numberRange, textSamples } from './charts.js';
import { el } from './dom.js';
import type { Format } from './format.js';
import type { QuestionResult, SurveyResults } from './results.js';

const TYPE_NAMES: Readonly<Record<string, string>> = {
  single_choice: 'single choice',
  multiple_choice: 'multiple choice',
  rating: 'rating',
  nps: 'NPS',
  number: 'number',
  date: 'date',
  short_text: 'short text',
  long_text: 'long text',
};

/** The whole view for one answer: what was counted, then a card per question. */
export function drawResults(results: SurveyResults, format: Format): HTMLElement[] {
  const columns = [
    { label: 'All responses', count: results.response_count, questions: results.questions },
    ...(results.segmented_by?.segments ?? []).map((segment) => ({ label: segment.label, count: segment.response_count, questions: segment.questions })),
  ];
  return [
    header(results, format),
    ...results.questions.map((question) => {
      if (!results.segmented_by) return card(question, [chart(question, format)], format);
      const side = columns.map((column) => {
        const result = column.questions.find((candidate) => candidate.question_id === question.question_id);
        return el(
          'div',
          { class: 'segment-column' },
          el('h3', {}, column.label, el('span', { class: 'n' }, ` n=${format.count(column.count)}`)),
          result ? chart(result, format) : el('p', { class: 'empty' }, 'Not asked in this segment.'),
        );
      });
      return card(question, [el('div', { class: 'segments' }, ...side)], format);
    }),
  ];
}

function header(results: SurveyResults, format: Format): HTMLElement {
  const { filters } = results;
  const facts: [string, string, string][] = [
    ['Responses', format.count(results.response_count), 'response-count'],
    ['Status', filters.status.split(',').join(', '), 'filter-status'],
  ];
  if (filters.submitted_after) facts.push(['Submitted after', format.date(filters.submitted_after), 'filter-after']);
  if (filters.submitted_before) facts.push(['Submitted before', format.date(filters.submitted_before), 'filter-before']);
  if (results.segmented_by) facts.push(['Segmented by', results.segmented_by.text, 'segmented-by']);
  return el(
    'header',
    {},
    el('h1', {}, 'Survey results ', el('code', { class: 'survey-id' }, results.survey_id)),
    el('dl', { class: 'facts' }, ...facts.map(([term, value, name]) => el('div', { class: name }, el('dt', {}, term), el('dd', {}, value)))),
  );
}

function card(question: QuestionResult, body: HTMLElement[], format: Format): HTMLElement {
  return el(
    'section',
    { class: `question ${question.type}`, attrs: { 'data-question-id': question.question_id } },
    el('h2', {}, question.text),
    el('p', { class: 'about' }, `${TYPE_NAMES[question.type] ?? question.type} · ${format.count(question.answered)} answered`),
    ...body,
  );
}

function chart(question: QuestionResult, format: Format): HTMLElement {
  if (question.answered === 0) return el('p', { class: 'empty' }, 'No answers yet.');
  if (question.nps) return npsChart(question, question.nps, format);
  if (question.choices) return choiceBars(question, format);
  if (question.distribution) return histogram(question, format);
  if (question.type === 'number') return numberRange(question, format);
  if (question.type === 'date') return dateRange(question, format);
  return textSamples(question, format);
}
