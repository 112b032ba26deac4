/**
 * A file name that comes from outside — a dropped file, a barcode or a file-name capture for
 * Metadata-Primary-FileName — is only a name, never a path: what the platform files the document under,
 * and what the station's own folders never resolve. One rule for every route (docs/security.md, "File names").
 */

/** Longest name taken: what the common file systems store, and the Metadata-* header's limit. */
export const FILE_NAME_MAX_LENGTH = 255;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\x00-\x1f\x7f-\x9f]/;

/** The last segment of a path-like name (either separator), trimmed: `../../etc/x` is `x`. */
export function lastPathSegment(raw: string): string {
  return (raw.split(/[\\/]/).pop() ?? '').trim();
}

export type FileNameProblem = 'empty' | 'path' | 'control' | 'too_long';

/** Why this cannot be a document's file name, or undefined. */
export function fileNameProblem(name: string): FileNameProblem | undefined {
  if (name.trim() === '' || name === '.' || name === '..') return 'empty';
  if (/[\\/]/.test(name)) return 'path';
  // CR, LF and NUL would split or cut the upload's headers; ESC and the rest only hide what the name says.
  if (CONTROL_CHARACTERS.test(name)) return 'control';
  if (name.length > FILE_NAME_MAX_LENGTH) return 'too_long';
  return undefined;
}

/** A name from outside as a file name (its last path segment), or undefined when nothing usable is left. */
export function fileNameFrom(raw: string): string | undefined {
  const name = lastPathSegment(raw);
  return fileNameProblem(name) ? undefined : name;
}
