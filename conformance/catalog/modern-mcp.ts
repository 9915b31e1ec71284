import type { Check } from '../check.js';
import { modernAppToolsNeedExtension } from '../checks/modern-mcp/modern-app-tools-need-extension.js';
import { modernCacheableResultsHints } from '../checks/modern-mcp/modern-cacheable-results-hints.js';
import { modernCapabilitiesDeclared } from '../checks/modern-mcp/modern-capabilities-declared.js';
import { modernDiscover } from '../checks/modern-mcp/modern-discover.js';
import { modernEnvelope32602 } from '../checks/modern-mcp/modern-envelope-32602.js';
import { modernForeignOrigin403 } from '../checks/modern-mcp/modern-foreign-origin-403.js';
import { modernHeaderMismatch32020 } from '../checks/modern-mcp/modern-header-mismatch-32020.js';
import { modernNameHeaderExact } from '../checks/modern-mcp/modern-name-header-exact.js';
import { modernInitializeNamesVersions } from '../checks/modern-mcp/modern-initialize-names-versions.js';
import { modernLegacyStream405 } from '../checks/modern-mcp/modern-legacy-stream-405.js';
import { modernMcpNameBase64 } from '../checks/modern-mcp/modern-mcp-name-base64.js';
import { modernNoSessionId } from '../checks/modern-mcp/modern-no-session-id.js';
import { modernNotificationNoResponse } from '../checks/modern-mcp/modern-notification-no-response.js';
import { modernRequiredHeaders32020 } from '../checks/modern-mcp/modern-required-headers-32020.js';
import { modernResourceNotFound32602 } from '../checks/modern-mcp/modern-resource-not-found-32602.js';
import { modernResponseId } from '../checks/modern-mcp/modern-response-id.js';
import { modernResultType } from '../checks/modern-mcp/modern-result-type.js';
import { modernServerInfo } from '../checks/modern-mcp/modern-server-info.js';
import { modernStructuredContentSchema } from '../checks/modern-mcp/modern-structured-content-schema.js';
import { modernStructuredContentText } from '../checks/modern-mcp/modern-structured-content-text.js';
import { modernToolInputSchemas } from '../checks/modern-mcp/modern-tool-input-schemas.js';
import { modernToolNames } from '../checks/modern-mcp/modern-tool-names.js';
import { modernToolsListCacheHints } from '../checks/modern-mcp/modern-tools-list-cache-hints.js';
import { modernToolsListDeterministic } from '../checks/modern-mcp/modern-tools-list-deterministic.js';
import { modernUnknownMethod404 } from '../checks/modern-mcp/modern-unknown-method-404.js';
import { modernUnsupportedVersion32022 } from '../checks/modern-mcp/modern-unsupported-version-32022.js';
import { modernVersionHeaderMismatch32020 } from '../checks/modern-mcp/modern-version-header-mismatch-32020.js';

/** The MCP endpoint in 2026-07-28. */
export const MODERN_MCP: readonly Check[] = [
  modernDiscover,
  modernResultType,
  modernServerInfo,
  modernToolsListCacheHints,
  modernEnvelope32602,
  modernHeaderMismatch32020,
  modernNameHeaderExact,
  modernMcpNameBase64,
  modernUnsupportedVersion32022,
  modernUnknownMethod404,
  modernResponseId,
  modernVersionHeaderMismatch32020,
  modernRequiredHeaders32020,
  modernNoSessionId,
  modernResourceNotFound32602,
  modernCacheableResultsHints,
  modernCapabilitiesDeclared,
  modernToolInputSchemas,
  modernToolNames,
  modernToolsListDeterministic,
  modernStructuredContentSchema,
  modernStructuredContentText,
  modernInitializeNamesVersions,
  modernLegacyStream405,
  modernNotificationNoResponse,
  modernForeignOrigin403,
  modernAppToolsNeedExtension,
];
