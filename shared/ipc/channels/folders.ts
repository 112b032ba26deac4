import { z } from 'zod';
import { FolderInspectionSchema } from '../../domain/folders';

export const folderInvokes = {
  /** What is at a path typed for a watched folder (the web shell's honest "browse": a checked path field). */
  'folders.inspect': { request: z.object({ path: z.string().min(1).max(4096) }), response: FolderInspectionSchema },
  /** The OS's folder dialog: Electron only (main answers it); null when the clerk cancelled. */
  'folders.choose': {
    request: z.object({ defaultPath: z.string().max(4096).optional() }),
    response: z.object({ path: z.string().nullable() }),
  },
};
