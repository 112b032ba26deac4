/** Last path segment of the source folder, what a clerk recognises ("Scanner 2"); `import` for drops. */
export function folderLabel(sourceFolder: string): string {
  const parts = sourceFolder.split(/[\\/]/).filter(Boolean);
  return parts[parts.length - 1] ?? sourceFolder;
}
