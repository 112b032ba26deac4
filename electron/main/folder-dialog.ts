import { dialog } from 'electron';
import type { PartialHandlerTable } from '../core/ipc/handler-table';

/**
 * Settings' "Browse…" for a watched folder: the OS's own folder dialog, answered by main through the IPC
 * contract (`folders.choose`). The web shell has no such dialog; there the path field is checked instead.
 */
export function folderDialogHandlers(): PartialHandlerTable<'folders.choose'> {
  return {
    'folders.choose': async ({ defaultPath }) => {
      const result = await dialog.showOpenDialog({
        properties: ['openDirectory', 'createDirectory'],
        ...(defaultPath ? { defaultPath } : {}),
      });
      return { path: result.canceled ? null : (result.filePaths[0] ?? null) };
    },
  };
}
