import type { SurveyStore } from '../survey-store.js';
import { toMembership, toWorkspace, type MembershipRow, type WorkspaceRow } from '../survey-rows.js';
import type { SqliteStatements } from './statements.js';

type WorkspaceStore = Pick<SurveyStore, 'insertWorkspace' | 'findWorkspace' | 'setWorkspaceMember' | 'findWorkspaceRole' | 'listMemberships'>;

export function sqliteWorkspaceStore({ one, all, run }: SqliteStatements): WorkspaceStore {
  return {
    async insertWorkspace(workspace) {
      run('INSERT INTO workspaces (id, name, created_at) VALUES (@id, @name, @createdAt)', { ...workspace });
    },
    async findWorkspace(id) {
      const row = one<WorkspaceRow>('SELECT * FROM workspaces WHERE id = @id', { id });
      return row && toWorkspace(row);
    },
    async setWorkspaceMember(workspaceId, userId, role) {
      run(
        `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (@workspaceId, @userId, @role)
         ON CONFLICT (workspace_id, user_id) DO UPDATE SET role = excluded.role`,
        { workspaceId, userId, role },
      );
    },
    async findWorkspaceRole(workspaceId, userId) {
      return one<{ role: 'admin' | 'member' }>(
        'SELECT role FROM workspace_members WHERE workspace_id = @workspaceId AND user_id = @userId',
        { workspaceId, userId },
      )?.role;
    },
    async listMemberships(userId) {
      return all<MembershipRow>(
        `SELECT w.id, w.name, w.created_at, m.role FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
         WHERE m.user_id = @userId ORDER BY w.name, w.id`,
        { userId },
      ).map(toMembership);
    },
  };
}
