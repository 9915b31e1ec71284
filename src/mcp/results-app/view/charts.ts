import { el } from './dom.js';
import type { Format } from './format.js';
import type { Nps, QuestionResult } from './results.js';

/** Bars sized by their share of the people who answered; percentages come from the server. */
export function choiceBars(question: QuestionResult, format: Format): HTMLElement {
  return el(
    'ol',
    { class: 'choices' },
    ...(question.choices ?? []).map((choice) =>
      el(
        'li',
        { class: 'choice' },
        el('span', { class: 'label' }, choice.label),
        el('span', { class: 'track' }, el('span', { class: 'bar', style: { width: `${clampPercent(choice.percent)}%` } })),
        el('span', { class: 'value' }, el('b', {}, format.percent(choice.percent)), ` ${format.count(choice.count)}`),
      ),
    ),
  );
}

type NpsGroup = 'detractors' | 'passives' | 'promoters';

const NPS_GROUPS: readonly { readonly key: NpsGroup; readonly label: string; readonly range: string }[] = [
  { key: 'detractors', label: 'Detractors', range: '0–6' },
  { key: 'passives', label: 'Passives', range: '7–8' },
  { key: 'promoters', label: 'Promoters', range: '9–10' },
];

/** The score, the split into detractors, passives and promoters, then the 0–10 histogram. */
export function npsChart(question: QuestionResult, nps: Nps, format: Format): HTMLElement {
  const score = nps.score === null ? '–' : format.signed(nps.score);
  return el(
    'div',
    { class: 'nps' },
    el('p', { class: 'nps-score' }, el('span', { class: 'score' }, score), el('span', { class: 'caption' }, 'NPS')),
    el(
      'div',
      { class: 'nps-split', attrs: { role: 'img', 'aria-label': NPS_GROUPS.map((group) => `${group.label} ${format.percent(nps[`${group.key}_percent`])}`).join(', ') } },
      ...NPS_GROUPS.filter((group) => nps[group.key] > 0).map((group) =>
        el('span', { class: `segment ${group.key}`, style: { width: `${clampPercent(nps[`${group.key}_percent`])}%` }, title: `${group.label} ${format.percent(nps[`${group.key}_percent`])}` }),
      ),
    ),
    el(
      'ul',
      { class: 'nps-legend' },
      ...NPS_GROUPS.map((group) =>
        el(
          'li',
          { class: group.key },
          el('span', { class: 'swatch' }),
          `${group.label} (${group.range}) `,
          el('b', {}, format.percent(nps[`${group.key}_percent`])),
          ` ${format.count(nps[group.key])}`,
        ),
      ),
    ),
    histogram(question, format, npsGroupOf),
  );
}

function npsGroupOf(value: number): NpsGroup {
  return value <= 6 ? 'detractors' : value <= 8 ? 'passives' : 'promoters';
}

/** One column per value answered, heights relative to the most frequent; mean and median below. */
export function histogram(question: QuestionResult, format: Format, classOf?: (value: number) => string): HTMLElement {
  const distribution = withEmptyValues(question);
  const highest = Math.max(1, ...distribution.map((bucket) => bucket.count));
  return el(
    'figure',
    { class: 'histogram-figure' },
    el(
      'div',
      { class: 'histogram', attrs: { role: 'img', 'aria-label': distribution.map((bucket) => `${bucket.value}: ${bucket.count}`).join(', ') } },
      ...distribution.map((bucket) =>
        el(
          'div',
          {
            class: `column ${classOf?.(bucket.value) ?? ''}`.trim(),
            title: `${bucket.value}: ${format.count(bucket.count)} (${format.percent(bucket.percent)})`,
            // The tallest bar leaves room above it for its count.
            style: { '--height': `${((bucket.count / highest) * 85).toFixed(2)}%` },
          },
          el('span', { class: 'plot' }, el('span', { class: 'count' }, format.count(bucket.count)), el('span', { class: 'bar' })),
          el('span', { class: 'tick' }, bucket.value),
        ),
      ),
    ),
    stats(question, format),
  );
}

/**
 * Values nobody chose are missing from the answer; a histogram shows them as empty columns, so
 * that segments side by side line up: 0–10 for NPS, every whole number in between for ratings.
 */
function withEmptyValues(question: QuestionResult): readonly { value: number; count: number; percent: number }[] {
  const given = question.distribution ?? [];
  const values = given.map((bucket) => bucket.value);
  const [low, high] = question.type === 'nps' ? [0, 10] : [Math.min(...values), Math.max(...values)];
  if (!values.every(Number.isInteger) || !(high - low <= 20)) return given;
  return Array.from({ length: high - low + 1 }, (_, index) => {
    const value = low + index;
    return given.find((bucket) => bucket.value === value) ?? { value, count: 0, percent: 0 };
  });
}

/** Numbers without a distribution: where min, median, mean and max fall on one line. */
export function numberRange(question: QuestionResult, format: Format): HTMLElement {
  const { min, max } = question;
  const marks: HTMLElement[] = [];
  if (typeof min === 'number' && typeof max === 'number' && max > min) {
    for (const [name, value] of [['median', question.median], ['mean', question.mean]] as const) {
      if (typeof value !== 'number') continue;
      marks.push(el('span', { class: `mark ${name}`, style: { left: `${((value - min) / (max - min)) * 100}%` }, title: `${name} ${format.stat(value)}` }));
    }
  }
  return el(
    'figure',
    { class: 'range-figure' },
    el('div', { class: 'range' }, el('span', { class: 'end' }, format.stat(min)), el('span', { class: 'line' }, ...marks), el('span', { class: 'end' }, format.stat(max))),
    stats(question, format),
  );
}

function stats(question: QuestionResult, format: Format): HTMLElement {
  return el(
    'figcaption',
    { class: 'stats' },
    ...(['mean', 'median', 'min', 'max'] as const).map((name) => el('span', {}, `${name} `, el('b', { class: name }, format.stat(question[name])))),
  );
}

export function dateRange(question: QuestionResult, format: Format): HTMLElement {
  return el(
    'p',
    { class: 'dates' },
    question.earliest ? format.date(question.earliest) : '–',
    ' to ',
    question.latest ? format.date(question.latest) : '–',
  );
}

/** The newest text answers, or why they are not shown. */
export function textSamples(question: QuestionResult, format: Format): HTMLElement {
  if (question.samples_hidden) return el('p', { class: 'hidden-samples' }, `Answers not shown: ${question.samples_hidden}.`);
  return el(
    'ul',
    { class: 'samples' },
    ...(question.samples ?? []).map((sample) =>
      el('li', {}, el('q', {}, sample.truncated ? `${sample.text}…` : sample.text), el('time', { attrs: { datetime: sample.submitted_at } }, format.date(sample.submitted_at))),
    ),
  );
}

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}
