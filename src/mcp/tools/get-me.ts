import { z } from 'zod';
import { defineTool } from '../tool.js';
import { readAnnotations } from './fields.js';

export const getMe = defineTool({
  name: 'get_me',
  title: 'Who am I',
  description:
    'Returns the signed-in person (id, email, name) and their workspaces with their role in each. ' +
    'Call it first to learn the workspace_id that create_survey and list_surveys take. Any signed-in person may call it.',
  annotations: readAnnotations,
  input: z.strictObject({}),
  output: z.strictObject({
    user: z.strictObject({ id: z.string(), email: z.string(), name: z.string() }),
    workspaces: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        role: z.enum(['admin', 'member']).describe('admin owns every survey of the workspace; member creates and sees their own.'),
      }),
    ),
  }),
  run: ({ platform, userId }) => platform.getMe(userId),
});
