import { realpath, stat } from 'node:fs/promises';

export type FolderToOpen = { ok: true; path: string } | { ok: false; reason: string };

/**
 * The tray's "open folder" hands a path from the settings to the OS (`shell.openPath`), which opens a
 * folder in the file manager but *runs* an executable or opens a document with its application. So only
 * a directory may be opened: the path is resolved (links followed once, here) and the resolved path —
 * the one that was checked — is what the shell gets.
 */
export async function folderToOpen(path: string): Promise<FolderToOpen> {
  if (path.trim() === '') return { ok: false, reason: 'no folder is set' };
  let real: string;
  try {
    real = await realpath(path);
    const s = await stat(real);
    if (!s.isDirectory()) return { ok: false, reason: `${path} is not a folder` };
  } catch (e) {
    return { ok: false, reason: `${path} cannot be opened (${(e as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  return { ok: true, path: real };
}
