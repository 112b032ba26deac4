import { z } from 'zod';
import { ConnectionStateSchema } from '../../domain/connection';
import { NavigateSchema, NoticeSchema } from '../../domain/notice';
import { EnvironmentKindSchema } from '../../domain/settings';

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** Which shell hosts the renderer; shown in About, never branched on by features. */
  shell: z.enum(['electron', 'web']),
  environment: z.object({ id: z.string(), name: z.string(), kind: EnvironmentKindSchema }),
  connection: ConnectionStateSchema,
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const appInvokes = {
  'app.info': { request: z.object({}), response: AppInfoSchema },
  'connection.check': { request: z.object({}), response: ConnectionStateSchema },
};
export const appEvents = {
  'connection.changed': ConnectionStateSchema,
  'notice.raised': NoticeSchema,
  'app.navigate': NavigateSchema,
};
