import type { SurveyStore } from './survey-store.js';
import { toMembership, toWorkspace, type MembershipRow, type WorkspaceRow } from './survey-rows.js';
import type { Queryable } from './queryable.js';

type WorkspaceStore = Pick<SurveyStore, 'insertWorkspace' | 'findWorkspace' | 'setWorkspaceMember' | 'findWorkspaceRole' | 'listMemberships'>;

/** Written once for both backends: the statements are the same in either dialect. */
export function workspaceStore(db: Queryable): WorkspaceStore {
  return {
    async insertWorkspace(workspace) {
      await db.run('INSERT INTO workspaces (id, name, created_at) VALUES ($1, $2, $3)', [workspace.id, workspace.name, workspace.createdAt]);
    },
    async findWorkspace(id) {
      const row = await db.one<WorkspaceRow>('SELECT * FROM workspaces WHERE id = $1', [id]);
      return row && toWorkspace(row);
    },
    async setWorkspaceMember(workspaceId, userId, role) {
      await db.run(
        `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)
         ON CONFLICT (workspace_id, user_id) DO UPDATE SET role = excluded.role`,
        [workspaceId, userId, role],
      );
    },
    async findWorkspaceRole(workspaceId, userId) {
      const row = await db.one<{ role: 'admin' | 'member' }>(
        'SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2',
        [workspaceId, userId],
      );
      return row?.role;
    },
    async listMemberships(userId) {
      const rows = await db.rows<MembershipRow>(
        `SELECT w.id, w.name, w.created_at, m.role FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
         WHERE m.user_id = $1 ORDER BY w.name, w.id`,
        [userId],
      );
      return rows.map(toMembership);
    },
  };
}
