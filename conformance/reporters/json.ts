import type { Report } from '../report.js';

/** The whole report, evidence included, for tools and for attaching to a bug report. */
export function renderJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
