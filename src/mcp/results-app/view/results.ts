/**
 * What the view reads from a get_survey_results answer (`structuredContent`): the tool's output
 * schema in src/mcp/tools/get-survey-results.ts, restated here because the view is built for the
 * browser, apart from the server. The browser test feeds it a real answer.
 */
export interface Share {
  readonly count: number;
  readonly percent: number;
}

export interface Nps {
  readonly promoters: number;
  readonly passives: number;
  readonly detractors: number;
  readonly promoters_percent: number;
  readonly passives_percent: number;
  readonly detractors_percent: number;
  readonly score: number | null;
}

export interface QuestionResult {
  readonly question_id: string;
  readonly type: string;
  readonly text: string;
  readonly answered: number;
  readonly choices?: readonly (Share & { readonly choice_id: string; readonly label: string })[];
  readonly distribution?: readonly (Share & { readonly value: number })[];
  readonly mean?: number | null;
  readonly median?: number | null;
  readonly min?: number | null;
  readonly max?: number | null;
  readonly nps?: Nps;
  readonly earliest?: string | null;
  readonly latest?: string | null;
  readonly samples?: readonly { readonly text: string; readonly truncated: boolean; readonly submitted_at: string }[];
  readonly samples_hidden?: string;
}

export interface Segment {
  readonly choice_id: string;
  readonly label: string;
  readonly response_count: number;
  readonly questions: readonly QuestionResult[];
}

export interface SurveyResults {
  readonly survey_id: string;
  readonly filters: { readonly status: string; readonly submitted_after: string | null; readonly submitted_before: string | null };
  readonly response_count: number;
  readonly questions: readonly QuestionResult[];
  readonly segmented_by?: { readonly question_id: string; readonly text: string; readonly segments: readonly Segment[] };
}

/** The answer is ours when it has the fields the view draws; anything else is shown as a problem. */
export function isSurveyResults(value: unknown): value is SurveyResults {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<SurveyResults>;
  return typeof candidate.survey_id === 'string' && typeof candidate.response_count === 'number' && Array.isArray(candidate.questions);
}
