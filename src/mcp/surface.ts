import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { skillsExtensionId } from './skills/survey-skill.js';
import type { CallToolResult, ListResourcesResult, ListToolsResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { ConfirmationFlow } from './tool.js';

/** What the server offers, the same in both eras: its identity, its tools and its one resource. */
export interface McpSurface {
  readonly info: { readonly name: string; readonly title: string; readonly version: string };
  readonly instructions: string;
  listTools(): ListToolsResult;
  /** `confirm`: how the request's era asks for a confirmation (tool.ts); by default the confirmation-token tool error. */
  callTool(name: string, args: unknown, authInfo: AuthInfo | undefined, confirm?: ConfirmationFlow): Promise<CallToolResult>;
  listResources(): ListResourcesResult;
  /** The resource, or undefined for a URI the server does not have. */
  readResource(uri: string): ReadResourceResult | undefined;
}

/**
 * Both servers declare the same capabilities: nothing in either list ever changes at run time.
 * The Skills extension (SEP-2640) serves one skill that teaches an assistant this server.
 */
export const surfaceCapabilities = {
  tools: { listChanged: false },
  resources: { listChanged: false },
  extensions: { [skillsExtensionId]: {} },
};

/** MCP 2025-11-25's code for a `resources/read` of a URI the server does not have. */
export const resourceNotFoundCode = -32002;

export const resourceNotFoundMessage = (uri: string): string =>
  `Resource not found: ${uri}; resources/list names the one there is`;
