import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

/** The core's import entry (the `documents.import` handler): a file's name and its bytes. */
export type ImportDocument = (request: { fileName: string; base64: string }) => Promise<{ id: string }>;

export interface LaunchImportResult {
  imported: { path: string; documentId: string }[];
  failed: { path: string; message: string }[];
}

/**
 * Imports the files a start handed over ("Send to → Intake Desk", files dropped on the icon, a second
 * start) through the same path as drag and drop. One bad file does not stop the others; each failure is
 * reported with its path, so the shell can tell the clerk which file did not come in.
 */
export async function importLaunchFiles(
  paths: readonly string[],
  importDocument: ImportDocument,
  read: (path: string) => Promise<Buffer> = (p) => readFile(p),
): Promise<LaunchImportResult> {
  const result: LaunchImportResult = { imported: [], failed: [] };
  for (const path of paths) {
    try {
      const bytes = await read(path);
      const doc = await importDocument({ fileName: basename(path), base64: bytes.toString('base64') });
      result.imported.push({ path, documentId: doc.id });
    } catch (e) {
      result.failed.push({ path, message: e instanceof Error ? e.message : String(e) });
    }
  }
  return result;
}
