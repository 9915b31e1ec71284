import type { CollaboratorRole, WorkspaceRole } from '../store/survey-store.js';

export type EffectiveRole = CollaboratorRole | 'owner';

/** What a role lets a person do with a survey (the role table of tools.md). */
export type Capability = 'view' | 'view_responses' | 'edit' | 'manage';

export interface Grants {
  readonly userId: string;
  readonly ownerId: string;
  readonly workspaceRole: WorkspaceRole | null | undefined;
  readonly collaboratorRole: CollaboratorRole | null | undefined;
}

/** Owner of the survey or admin of its workspace is `owner`; else the share; else none. */
export function effectiveRole(grants: Grants): EffectiveRole | null {
  if (grants.userId === grants.ownerId || grants.workspaceRole === 'admin') return 'owner';
  return grants.collaboratorRole ?? null;
}

const rank: Record<EffectiveRole, number> = { viewer: 1, analyst: 2, editor: 3, owner: 4 };
const needs: Record<Capability, number> = { view: 1, view_responses: 2, edit: 3, manage: 4 };

export function can(role: EffectiveRole | null, capability: Capability): boolean {
  return role !== null && rank[role] >= needs[capability];
}

export const collaboratorRoles: readonly CollaboratorRole[] = ['viewer', 'analyst', 'editor'];
