import { accounts } from './001-accounts.js';
import { surveys } from './002-surveys.js';
import { auth } from './003-auth.js';
import { answerTallies } from './004-answer-tallies.js';
import { segmentTallies } from './005-segment-tallies.js';
import { refreshGrace } from './006-refresh-grace.js';
import { ssoOnly } from './007-sso-only.js';
import { signIn } from './008-sign-in.js';
import { audit } from './009-audit.js';
import { clientAssertionIds } from './010-client-assertion-ids.js';
import { confirmations } from './011-confirmations.js';
import { grantSource } from './012-grant-source.js';
import { auditTrace } from './013-audit-trace.js';

/**
 * Applied in order, one for one with the SQLite migrations; `schema_migrations` records which
 * ran. Append, never edit.
 */
export const migrations: readonly string[] = [accounts, surveys, auth, answerTallies, segmentTallies, refreshGrace, ssoOnly, signIn, audit, clientAssertionIds, confirmations, grantSource, auditTrace];
