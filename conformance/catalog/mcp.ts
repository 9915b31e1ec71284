import type { Check } from '../check.js';
import { capabilitiesDeclared } from '../checks/mcp/capabilities-declared.js';
import { expiredToken401 } from '../checks/mcp/expired-token-401.js';
import { foreignOriginRefused } from '../checks/mcp/foreign-origin-refused.js';
import { foreignToken403 } from '../checks/mcp/foreign-token-403.js';
import { initializeVersionNegotiation } from '../checks/mcp/initialize-version-negotiation.js';
import { initialize } from '../checks/mcp/initialize.js';
import { insufficientScopeChallenge } from '../checks/mcp/insufficient-scope-challenge.js';
import { invalidToken401 } from '../checks/mcp/invalid-token-401.js';
import { mcpCorsExposesHeaders } from '../checks/mcp/mcp-cors-exposes-headers.js';
import { missingToken401 } from '../checks/mcp/missing-token-401.js';
import { notification202 } from '../checks/mcp/notification-202.js';
import { pingEmptyResult } from '../checks/mcp/ping-empty-result.js';
import { resourceNotFound32002 } from '../checks/mcp/resource-not-found-32002.js';
import { sessionDeleteAnswered } from '../checks/mcp/session-delete-answered.js';
import { streamGetStrictClients } from '../checks/mcp/stream-get-strict-clients.js';
import { streamRequest404 } from '../checks/mcp/stream-request-404.js';
import { structuredContentSchema } from '../checks/mcp/structured-content-schema.js';
import { structuredContentText } from '../checks/mcp/structured-content-text.js';
import { toolNames } from '../checks/mcp/tool-names.js';
import { toolsCall } from '../checks/mcp/tools-call.js';
import { toolsList } from '../checks/mcp/tools-list.js';
import { unauthenticatedGet401 } from '../checks/mcp/unauthenticated-get-401.js';
import { unknownMethod32601 } from '../checks/mcp/unknown-method-32601.js';
import { unsupportedProtocolVersion400 } from '../checks/mcp/unsupported-protocol-version-400.js';
import { malformedBearer401 } from '../checks/mcp/malformed-bearer-401.js';
import { responseMessage202 } from '../checks/mcp/response-message-202.js';
import { protocolVersionNotAVersion400 } from '../checks/mcp/protocol-version-not-a-version-400.js';

/** The MCP endpoint in 2025-11-25 (and the era-free bearer rules), with the session's token. */
export const MCP_2025: readonly Check[] = [
  initialize,
  toolsList,
  toolsCall,
  missingToken401,
  invalidToken401,
  malformedBearer401,
  foreignToken403,
  unauthenticatedGet401,
  streamRequest404,
  streamGetStrictClients,
  sessionDeleteAnswered,
  unknownMethod32601,
  unsupportedProtocolVersion400,
  protocolVersionNotAVersion400,
  notification202,
  responseMessage202,
  foreignOriginRefused,
  mcpCorsExposesHeaders,
  expiredToken401,
  initializeVersionNegotiation,
  pingEmptyResult,
  resourceNotFound32002,
  capabilitiesDeclared,
  toolNames,
  structuredContentSchema,
  structuredContentText,
  insufficientScopeChallenge,
];
