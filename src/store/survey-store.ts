/** Filled by the platform work: surveys, questions, responses, shares, aggregates. */
export interface SurveyStore {}
