import type { Collaborator, SurveyStore } from '../survey-store.js';
import { toCollaborator, type CollaboratorRow } from '../survey-rows.js';
import type { SqliteStatements } from './statements.js';

type CollaboratorStore = Pick<SurveyStore, 'findCollaborator' | 'listCollaborators' | 'setCollaborator' | 'removeCollaborator'>;

export function sqliteCollaboratorStore({ all, run }: SqliteStatements): CollaboratorStore {
  const collaboratorsOf = (surveyId: string, userId?: string): Collaborator[] =>
    all<CollaboratorRow>(
      `SELECT c.survey_id, c.user_id, u.email, u.name, c.role, c.granted_by, c.granted_at
       FROM collaborators c JOIN users u ON u.id = c.user_id
       WHERE c.survey_id = @surveyId AND (@userId IS NULL OR c.user_id = @userId) ORDER BY u.email_key`,
      { surveyId, userId: userId ?? null },
    ).map(toCollaborator);

  return {
    async findCollaborator(surveyId, userId) {
      return collaboratorsOf(surveyId, userId)[0];
    },
    async listCollaborators(surveyId) {
      return collaboratorsOf(surveyId);
    },
    async setCollaborator(collaborator) {
      run(
        `INSERT INTO collaborators (survey_id, user_id, role, granted_by, granted_at)
         VALUES (@surveyId, @userId, @role, @grantedBy, @grantedAt)
         ON CONFLICT (survey_id, user_id) DO UPDATE
           SET role = excluded.role, granted_by = excluded.granted_by, granted_at = excluded.granted_at
           WHERE collaborators.role <> excluded.role`,
        { ...collaborator },
      );
    },
    async removeCollaborator(surveyId, userId) {
      return run('DELETE FROM collaborators WHERE survey_id = @surveyId AND user_id = @userId', { surveyId, userId }).changes === 1;
    },
  };
}
