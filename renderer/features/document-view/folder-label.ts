import { DROPPED_FOLDER } from '../../../shared/domain/output';
import { profileFor } from '../../../shared/domain/folder-profile';
import { useAppStore } from '../../app/store';
import { useT } from '../../i18n/i18n';
import type { Translate } from '../../i18n/i18n';

/** Last path segment of the source folder, what a clerk recognises ("Scanner 2"); `import` for drops. */
export function folderLabel(sourceFolder: string): string {
  const parts = sourceFolder.split(/[\\/]/).filter(Boolean);
  return parts[parts.length - 1] ?? sourceFolder;
}

/**
 * Where a document came from, as the clerk named it (issue #48 item 9: the German screens said "scanner",
 * the folder's name on disk): the watched folder's label from Settings, "dropped onto the window" in the
 * clerk's language for a drop, else the folder's last path segment (a folder no longer in Settings).
 */
export function sourceLabel(
  t: Translate,
  folders: readonly { path: string; label: string }[],
  sourceFolder: string,
): string {
  if (sourceFolder === DROPPED_FOLDER) return t('inbox.source.dropped');
  return profileFor(folders, sourceFolder)?.label.trim() || folderLabel(sourceFolder);
}

const NO_FOLDERS: readonly { path: string; label: string }[] = [];

/** sourceLabel with the settings' folders and the clerk's language. */
export function useSourceLabel(): (sourceFolder: string) => string {
  const t = useT();
  const folders = useAppStore((s) => s.settings?.folders ?? NO_FOLDERS);
  return (sourceFolder) => sourceLabel(t, folders, sourceFolder);
}
