import { operator } from '../../platform/context.js';
import { shareSurveyAsAdmin, type ShareRole } from '../../platform/shares.js';
import { usageError } from '../errors.js';
import { type StoreFlags, withPlatform } from '../store-access.js';

export interface ShareOptions extends StoreFlags {
  survey: string;
  user: string;
  role: string;
}

const roles: readonly ShareRole[] = ['viewer', 'analyst', 'editor', 'none'];

export async function share(options: ShareOptions): Promise<void> {
  if (!roles.includes(options.role as ShareRole)) {
    throw usageError(`--role '${options.role}' must be one of ${roles.join(', ')} (none removes the share)`);
  }
  const role = options.role as ShareRole;
  const result = await withPlatform(options, (ctx) =>
    shareSurveyAsAdmin(ctx, operator, { survey_id: options.survey, user_email: options.user, role }),
  );
  const done = role === 'none' ? `removed ${options.user} from ${result.survey_id}` : `${options.user} is now ${role} on ${result.survey_id}`;
  const held = role === 'none' ? 'had no share' : `was ${role} already`;
  console.log(result.changed ? done : `${options.user} ${held} on ${result.survey_id}: nothing changed`);
  for (const c of result.collaborators) console.log(`  ${c.email.padEnd(28)} ${c.role}`);
}
