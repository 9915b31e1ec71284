import type { Collaborator, SurveyStore } from './survey-store.js';
import { toCollaborator, type CollaboratorRow } from './survey-rows.js';
import type { Queryable } from './queryable.js';

type CollaboratorStore = Pick<SurveyStore, 'findCollaborator' | 'listCollaborators' | 'setCollaborator' | 'removeCollaborator'>;

/** Written once for both backends: the statements are the same in either dialect. */
export function collaboratorStore(db: Queryable): CollaboratorStore {
  const collaboratorsOf = async (surveyId: string, userId?: string): Promise<Collaborator[]> => {
    const rows = await db.rows<CollaboratorRow>(
      `SELECT c.survey_id, c.user_id, u.email, u.name, c.role, c.granted_by, c.granted_at
       FROM collaborators c JOIN users u ON u.id = c.user_id
       WHERE c.survey_id = $1 AND (CAST($2 AS TEXT) IS NULL OR c.user_id = $2) ORDER BY u.email_key`,
      [surveyId, userId ?? null],
    );
    return rows.map(toCollaborator);
  };

  return {
    async findCollaborator(surveyId, userId) {
      return (await collaboratorsOf(surveyId, userId))[0];
    },
    async listCollaborators(surveyId) {
      return collaboratorsOf(surveyId);
    },
    async setCollaborator(collaborator) {
      await db.run(
        `INSERT INTO collaborators (survey_id, user_id, role, granted_by, granted_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (survey_id, user_id) DO UPDATE
           SET role = excluded.role, granted_by = excluded.granted_by, granted_at = excluded.granted_at
           WHERE collaborators.role <> excluded.role`,
        [collaborator.surveyId, collaborator.userId, collaborator.role, collaborator.grantedBy, collaborator.grantedAt],
      );
    },
    async removeCollaborator(surveyId, userId) {
      return (await db.run('DELETE FROM collaborators WHERE survey_id = $1 AND user_id = $2', [surveyId, userId])) === 1;
    },
  };
}
