import type { Check } from '../check.js';
import { clientMetadataRefusedAtTokenEndpoint } from '../checks/authorization/client-metadata-refused-at-token-endpoint.js';
import { structuredContentLargeAnswer } from '../checks/mcp/structured-content-large-answer.js';
import { invalidJsonrpcMessage } from '../checks/mcp/invalid-jsonrpc-message.js';
import { toolsCallEnvelope32602 } from '../checks/mcp/tools-call-envelope-32602.js';
import { toolsCallWithMeta } from '../checks/mcp/tools-call-with-meta.js';
import { writeToolRoundTrip } from '../checks/mcp/write-tool-round-trip.js';
import { revokeMalformedClientIdDocument } from '../checks/revocation/revoke-malformed-client-id-document.js';

/**
 * The branches the mutants of our own server showed no request taking (docs/runner-power.md,
 * "The last sample"): each check sends the request the survivor needed. They need a working token
 * (or none) and spend no grant, so they run before the rate limits.
 */
export const SURVIVORS: readonly Check[] = [
  toolsCallWithMeta,
  toolsCallEnvelope32602,
  invalidJsonrpcMessage,
  writeToolRoundTrip,
  structuredContentLargeAnswer,
  clientMetadataRefusedAtTokenEndpoint,
  revokeMalformedClientIdDocument,
];
