/**
 * The report formats a CI consumes, validated by their schemas: our JSON report against the
 * schema the package ships (schemas/report.v1.json), SARIF against OASIS's SARIF 2.1.0 schema
 * (draft-04, as published; the copy @microsoft/jest-sarif ships).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import AjvModule, { type ErrorObject } from 'ajv';
import AjvDraft04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import { root } from './build.js';

const require = createRequire(import.meta.url);
// CommonJS modules whose function is their `default` under NodeNext's reading of them.
const Ajv = AjvModule.default;
const AjvDraft04 = AjvDraft04Module.default;
const addFormats = addFormatsModule.default;

const reportSchema = JSON.parse(readFileSync(join(root, 'schemas/report.v1.json'), 'utf8')) as object;
const sarifSchemaPath = join(dirname(require.resolve('@microsoft/jest-sarif/package.json')), 'lib/schemas/sarif-2.1.0-rtm.5.json');
const sarifSchema = JSON.parse(readFileSync(sarifSchemaPath, 'utf8')) as object;

const reportAjv = new Ajv({ allErrors: true, strict: true });
addFormats(reportAjv);
const validateReport = reportAjv.compile(reportSchema);

// The published schema has one pattern (for `language`) that is invalid with the u flag.
const sarifAjv = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(sarifAjv);
const validateSarif = sarifAjv.compile(sarifSchema);

const describe = (errors: readonly ErrorObject[] | null | undefined): string[] =>
  (errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);

/** The schema's complaints about a JSON report (text or parsed), `[]` when valid. */
export function reportSchemaErrors(report: string | object): string[] {
  const value = typeof report === 'string' ? (JSON.parse(report) as unknown) : report;
  return validateReport(value) ? [] : describe(validateReport.errors);
}

export function sarifSchemaErrors(sarif: string): string[] {
  return validateSarif(JSON.parse(sarif)) ? [] : describe(validateSarif.errors);
}
