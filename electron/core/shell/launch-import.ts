/** The core's import entry for a path (the `documents.importPath` handler): main reads the file. */
export type ImportDocument = (request: { path: string }) => Promise<{ id: string }>;

export interface LaunchImportResult {
  imported: { path: string; documentId: string }[];
  failed: { path: string; message: string }[];
}

/**
 * Imports the files a start handed over ("Send to → Intake Desk", files dropped on the icon, a second
 * start) through the same path as drag and drop: the importer streams each file from its path into the
 * spool, with the same size cap. One bad file does not stop the others; each failure is reported with its
 * path, so the shell can tell the clerk which file did not come in.
 */
export async function importLaunchFiles(
  paths: readonly string[],
  importDocument: ImportDocument,
): Promise<LaunchImportResult> {
  const result: LaunchImportResult = { imported: [], failed: [] };
  for (const path of paths) {
    try {
      const doc = await importDocument({ path });
      result.imported.push({ path, documentId: doc.id });
    } catch (e) {
      result.failed.push({ path, message: e instanceof Error ? e.message : String(e) });
    }
  }
  return result;
}
