/** A leaf module, so that the report and the rows it shows can share the type without importing each other. */

/** A case that did not run says why, instead of a figure. */
export type Outcome<T> = T | { readonly skipped: string } | { readonly failed: string };

/** Why a case has no figure, as a table cell says it. */
export function whyNot(outcome: { readonly skipped: string } | { readonly failed: string }): string {
  return 'skipped' in outcome ? `skipped: ${outcome.skipped}` : `FAILED: ${outcome.failed}`;
}

/** A case's runs, or none when it did not run. */
export function runsOf<T>(outcome: Outcome<readonly T[]> | undefined): readonly T[] {
  return Array.isArray(outcome) ? outcome : [];
}
