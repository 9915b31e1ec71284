/** A leaf module, so that the report and the rows it shows can share the type without importing each other. */

/** A case that did not run says why, instead of a figure. */
export type Outcome<T> = T | { readonly skipped: string } | { readonly failed: string };
