import type { Check } from '../check.js';
import { clientMetadataRefusedAtTokenEndpoint } from '../checks/authorization/client-metadata-refused-at-token-endpoint.js';
import { clientMetadataSpecialUseRefused } from '../checks/authorization/client-metadata-special-use-refused.js';
import { batchAnswersJsonrpc } from '../checks/mcp/batch-answers-jsonrpc.js';
import { structuredContentLargeAnswer } from '../checks/mcp/structured-content-large-answer.js';
import { invalidJsonrpcMessage } from '../checks/mcp/invalid-jsonrpc-message.js';
import { oversizedRequestRefused } from '../checks/mcp/oversized-request-refused.js';
import { toolsCallEnvelope32602 } from '../checks/mcp/tools-call-envelope-32602.js';
import { toolsCallWithMeta } from '../checks/mcp/tools-call-with-meta.js';
import { writeToolRoundTrip } from '../checks/mcp/write-tool-round-trip.js';
import { modernEnvelopeValues32602 } from '../checks/modern-mcp/modern-envelope-values-32602.js';
import { modernToolsListRequestExtras } from '../checks/modern-mcp/modern-tools-list-request-extras.js';
import { revokeMalformedClientIdDocument } from '../checks/revocation/revoke-malformed-client-id-document.js';

/**
 * The branches the mutants of our own server showed no request taking (docs/runner-power.md,
 * "The last sample"): each check sends the request the survivor needed. They need a working token
 * (or none) and spend no grant, so they run before the rate limits; after the 2026-07-28 group,
 * whose modern-discover is the root cause a modern check among them is blocked by.
 */
export const SURVIVORS: readonly Check[] = [
  toolsCallWithMeta,
  toolsCallEnvelope32602,
  invalidJsonrpcMessage,
  oversizedRequestRefused,
  writeToolRoundTrip,
  structuredContentLargeAnswer,
  batchAnswersJsonrpc,
  modernEnvelopeValues32602,
  modernToolsListRequestExtras,
  clientMetadataRefusedAtTokenEndpoint,
  clientMetadataSpecialUseRefused,
  revokeMalformedClientIdDocument,
];
