// Round three (issue 26): sources read whole beside the contract.
import { CIMD_REQUIREMENTS } from './cimd.js';
import { MCP_APPS_REQUIREMENTS } from './mcp-apps.js';
import { PEER_REQUIREMENTS } from './peers.js';
import { RFC_OTHER_REQUIREMENTS } from './rfc-others.js';
import { RFC7523_REQUIREMENTS } from './rfc7523.js';
import { ID_JAG_REQUIREMENTS } from './id-jag.js';
import { SKILLS_REQUIREMENTS } from './skills.js';
import { RFC9207_REQUIREMENTS } from './rfc9207.js';
import { RFC9700_REQUIREMENTS } from './rfc9700.js';
import { RFC9728_REQUIREMENTS } from './rfc9728.js';
import { RFC6749_REQUIREMENTS } from './rfc6749.js';
import { RFC6750_REQUIREMENTS } from './rfc6750.js';
import { RFC7009_REQUIREMENTS } from './rfc7009.js';
import { RFC7636_REQUIREMENTS } from './rfc7636.js';
import { RFC8414_REQUIREMENTS } from './rfc8414.js';
import { CONFIRMATION_REQUIREMENTS } from './confirmations.js';
import { SURVEY_MCP_DOC_REQUIREMENTS } from './survey-mcp-docs.js';
import { CONTRACT_REQUIREMENTS } from './contract.js';
import { FIELD_NOTE_REQUIREMENTS } from './field-notes.js';
import { MCP_2025_11_25_REQUIREMENTS } from './mcp-2025-11-25.js';
import { MCP_2026_07_28_REQUIREMENTS } from './mcp-2026-07-28.js';
import { statusOf, type Requirement, type RequirementSource } from './requirement.js';
import { RFC_REQUIREMENTS } from './rfcs.js';

export type { Requirement } from './requirement.js';

/** Every rule the runner is meant to prove, traced to the checks that prove it. */
export const REQUIREMENTS: readonly Requirement[] = [
  ...CONTRACT_REQUIREMENTS,
  ...RFC6749_REQUIREMENTS,
  ...RFC6750_REQUIREMENTS,
  ...RFC7009_REQUIREMENTS,
  ...RFC7636_REQUIREMENTS,
  ...RFC8414_REQUIREMENTS,
  ...RFC_OTHER_REQUIREMENTS,
  ...RFC7523_REQUIREMENTS,
  ...ID_JAG_REQUIREMENTS,
  ...RFC9207_REQUIREMENTS,
  ...RFC9700_REQUIREMENTS,
  ...RFC9728_REQUIREMENTS,
  ...CIMD_REQUIREMENTS,
  ...MCP_APPS_REQUIREMENTS,
  ...SKILLS_REQUIREMENTS,
  ...PEER_REQUIREMENTS,
  ...FIELD_NOTE_REQUIREMENTS,
  ...CONFIRMATION_REQUIREMENTS,
  ...SURVEY_MCP_DOC_REQUIREMENTS,
  ...RFC_REQUIREMENTS,
  ...MCP_2025_11_25_REQUIREMENTS,
  ...MCP_2026_07_28_REQUIREMENTS,
];

export interface TraceSummary {
  readonly total: number;
  readonly proven: number;
  readonly partial: number;
  readonly unobservable: number;
}

export function summarizeTrace(requirements: readonly Requirement[]): TraceSummary {
  const statuses = requirements.map(statusOf);
  const count = (status: string) => statuses.filter((each) => each === status).length;
  return { total: requirements.length, proven: count('proven'), partial: count('partial'), unobservable: count('not observable') };
}

/** One row of the README's table: a source, its requirements, how many are proven, partial, or cannot be seen. */
export interface SourceCount {
  readonly source: RequirementSource;
  readonly requirements: number;
  readonly proven: number;
  readonly partial: number;
  readonly unobservable: number;
}

/** The requirements counted per source, in manifest order. */
export function countBySource(requirements: readonly Requirement[]): SourceCount[] {
  const sources = [...new Set(requirements.map((requirement) => requirement.source))];
  return sources.map((source) => {
    const { total, proven, partial, unobservable } = summarizeTrace(requirements.filter((requirement) => requirement.source === source));
    return { source, requirements: total, proven, partial, unobservable };
  });
}
