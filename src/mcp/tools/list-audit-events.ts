import { z } from 'zod';
import type { ListAuditEventsArgs } from '../../platform/index.js';
import { defineTool } from '../tool.js';
import { argumentsOf, cursor, dateTime, limit, readAnnotations, surveyId, workspaceId } from './fields.js';
import { auditEventRecord, pageOf } from './records.js';

export const listAuditEvents = defineTool({
  name: 'list_audit_events',
  title: 'List audit events',
  description:
    "Reads a workspace's audit trail, newest first: who created, edited, published, closed or shared its surveys, " +
    'through which app, when and from which address. Filter by survey_id, the person (user_email) or since a time; ' +
    'paginate with next_cursor and the same filters (default 25, max 100). Reads only. Needs the admin role in the ' +
    'workspace.',
  annotations: readAnnotations,
  input: argumentsOf<ListAuditEventsArgs>()({
    workspace_id: workspaceId,
    survey_id: surveyId.optional().describe('Only events of this survey (srv_…) of the workspace.'),
    user_email: z.string().max(320).optional().describe('Only what this person did, by their email.'),
    since: dateTime.optional().describe('Only events at or after this ISO-8601 date-time (with zone, e.g. 2026-03-01T00:00:00Z).'),
    limit,
    cursor: cursor.optional(),
  }),
  output: z.strictObject({
    workspace_id: z.string(),
    events: z.array(auditEventRecord).describe('Newest first.'),
    ...pageOf('events'),
  }),
  run: ({ platform, userId }, args) => platform.listAuditEvents(userId, args),
});
