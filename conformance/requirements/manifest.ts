// Round three (issue 26): sources read whole beside the contract.
import { CIMD_REQUIREMENTS } from './cimd.js';
import { MCP_APPS_REQUIREMENTS } from './mcp-apps.js';
import { PEER_REQUIREMENTS } from './peers.js';
import { RFC_OTHER_REQUIREMENTS } from './rfc-others.js';
import { RFC6749_REQUIREMENTS } from './rfc6749.js';
import { CONTRACT_REQUIREMENTS } from './contract.js';
import { FIELD_NOTE_REQUIREMENTS } from './field-notes.js';
import { MCP_REQUIREMENTS } from './mcp.js';
import { isProven, type Requirement } from './requirement.js';
import { RFC_REQUIREMENTS } from './rfcs.js';

export type { Requirement } from './requirement.js';

/** Every rule the runner is meant to prove, traced to the checks that prove it. */
export const REQUIREMENTS: readonly Requirement[] = [
  ...CONTRACT_REQUIREMENTS,
  ...RFC6749_REQUIREMENTS,
  ...RFC_OTHER_REQUIREMENTS,
  ...CIMD_REQUIREMENTS,
  ...MCP_APPS_REQUIREMENTS,
  ...PEER_REQUIREMENTS,
  ...FIELD_NOTE_REQUIREMENTS,
  ...RFC_REQUIREMENTS,
  ...MCP_REQUIREMENTS,
];

export interface TraceSummary {
  readonly total: number;
  readonly proven: number;
  readonly unobservable: readonly Requirement[];
}

export function summarizeTrace(requirements: readonly Requirement[]): TraceSummary {
  const unobservable = requirements.filter((requirement) => !isProven(requirement));
  return { total: requirements.length, proven: requirements.length - unobservable.length, unobservable };
}
