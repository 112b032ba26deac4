import { dialog } from 'electron';

/**
 * Settings' "Browse…" for a watched folder: the OS's own folder dialog. The core's `folders.choose` handler
 * calls it (createIntakeCore's `chooseFolder`); null when the clerk cancelled.
 */
export async function chooseFolder(defaultPath: string | undefined): Promise<string | null> {
  const result = await dialog.showOpenDialog({
    properties: ['openDirectory', 'createDirectory'],
    ...(defaultPath ? { defaultPath } : {}),
  });
  return result.canceled ? null : (result.filePaths[0] ?? null);
}
