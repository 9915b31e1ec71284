import { appViewsWholeDocuments } from './app-views.js';
import { metadataServedAsJson } from './documents.js';
import type { Invariant } from './invariant.js';
import { jsonRpcErrorShape, mcpChallenges, mcpRateLimitAnswers, modernAnswersSessionFree, supportedVersionsSpoken, uncacheableResultsUnmarked } from './mcp-answers.js';
import { authPagesNotFramable, noRefreshToForeignOrigin } from './pages.js';
import { errorCarriesRequestId } from './request-ids.js';
import { noSecretInUrls, tokenAnswersNoStore, tokenLifetimeBounded } from './tokens.js';
import { noServerErrors } from './transport.js';

/** Every invariant, judged on every exchange of every run, in the order they are reported. */
export const INVARIANTS: readonly Invariant[] = [
  metadataServedAsJson,
  tokenAnswersNoStore,
  tokenLifetimeBounded,
  noSecretInUrls,
  authPagesNotFramable,
  noRefreshToForeignOrigin,
  mcpChallenges,
  mcpRateLimitAnswers,
  jsonRpcErrorShape,
  errorCarriesRequestId,
  uncacheableResultsUnmarked,
  modernAnswersSessionFree,
  supportedVersionsSpoken,
  appViewsWholeDocuments,
  noServerErrors,
];
