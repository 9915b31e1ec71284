import { authRowMappers, type TokenGrantRow } from '../auth-rows.js';
import { tokenWithGrant } from './auth-store.js';
import type { Store } from '../store.js';
import { postgresDialect, prepared, type PostgresColumns, type PostgresDatabase } from './database.js';
import { surveyDetailSql, toSurveyDetail, type SurveyDetailRow } from './surveys.js';

const { toAccessToken } = authRowMappers(postgresDialect);

// A bearer check and get_survey's read in one statement, so in one round trip and one snapshot:
// the token with its grant and person, then the survey as that person sees it. An unknown token
// gives no row, and nothing of any survey is read for it.
const tokenWithSurvey = prepared(`
  WITH t AS (${tokenWithGrant})
  SELECT t.*, d.* FROM t LEFT JOIN LATERAL (${surveyDetailSql('$2', 't.user_id')}) d ON TRUE`);

type Row = TokenGrantRow<PostgresColumns> & (SurveyDetailRow | { [K in keyof SurveyDetailRow]: null });

export function postgresTokenWithSurvey(db: PostgresDatabase): Required<Pick<Store, 'findAccessTokenWithSurvey'>> {
  return {
    async findAccessTokenWithSurvey(tokenHash, surveyId) {
      const row = await db.one<Row>(tokenWithSurvey, [tokenHash, surveyId]);
      if (!row || row.kind !== 'access') return { token: undefined, survey: undefined };
      const record = row.survey === null ? undefined : toSurveyDetail(row as SurveyDetailRow);
      return { token: toAccessToken(row), survey: { surveyId, userId: row.user_id, record } };
    },
  };
}
