import { METADATA_HEADERS } from '../platform/inbox';
import type { MetadataField } from '../platform/inbox';

/** Placeholder name (header without `Metadata-`, e.g. `CaseNumber`, `Responsible-UserId`) → Metadata key. */
const PLACEHOLDERS: ReadonlyMap<string, MetadataField> = new Map(
  (Object.entries(METADATA_HEADERS) as [MetadataField, string][]).map(([key, header]) => [
    header.slice('Metadata-'.length).toLowerCase(),
    key,
  ]),
);

/** `CaseNumber`, `Responsible-UserId`, `Metadata-ItemId` (any case) → the Metadata key, or undefined. */
export function metadataFieldOf(headerName: string): MetadataField | undefined {
  return PLACEHOLDERS.get(
    headerName
      .trim()
      .replace(/^metadata-/i, '')
      .toLowerCase(),
  );
}

export type CompiledFileNamePattern =
  | {
      ok: true;
      regex: RegExp;
      fields: MetadataField[];
      /** Capture-group number of each field in `fields` (a field's own source may have groups of its own). */
      groups: number[];
    }
  | { ok: false; message: string };

/** How many capture groups a regular-expression source has (0 for a broken one). */
function groupCount(source: string): number {
  try {
    return (new RegExp(`${source}|`, 'u').exec('')?.length ?? 1) - 1;
  } catch {
    return 0;
  }
}

/**
 * A folder profile's file-name pattern, e.g. `{CaseNumber}_{DocumentTypeCode}_*.pdf`: placeholders take
 * one or more characters (shortest match first), `*` any run, `?` one character; case-insensitive.
 * One rule for the settings schema (which refuses a bad pattern at the field) and the hot folders (which
 * use it): an unknown or empty placeholder, or a brace without its pair, is an error, never a literal.
 */
export function compileFileNamePattern(
  pattern: string,
  /**
   * A regular-expression source per field, used instead of "any characters" for its placeholder: the
   * field's format (a case-number pattern, the configured document-type codes). Absent: any characters.
   */
  fieldSources: Partial<Record<MetadataField, string>> = {},
): CompiledFileNamePattern {
  let re = '';
  const fields: MetadataField[] = [];
  const groups: number[] = [];
  let group = 0;
  const tokens = pattern.normalize('NFC').split(/(\{[^{}]*\})/);
  for (const token of tokens) {
    const m = /^\{([^{}]*)\}$/.exec(token);
    if (m) {
      const name = (m[1] ?? '').trim();
      const field = PLACEHOLDERS.get(name.toLowerCase());
      if (!field) {
        return {
          ok: false,
          message:
            name === ''
              ? 'empty placeholder {}; use header names such as {CaseNumber} or {Responsible-UserId}'
              : `unknown placeholder {${name}}; use header names such as {CaseNumber} or {Responsible-UserId}`,
        };
      }
      fields.push(field);
      const own = fieldSources[field];
      groups.push(++group);
      if (own === undefined) re += '(.+?)';
      else {
        re += `(${own})`;
        group += groupCount(own);
      }
      continue;
    }
    if (/[{}]/.test(token))
      return { ok: false, message: 'a "{" or "}" without its pair; placeholders look like {CaseNumber}' };
    for (const c of token) re += c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  // s: a line break in a (Linux) file name is captured and refused by the value rules, not silently unmatched.
  try {
    return { ok: true, regex: new RegExp(`^${re}$`, 'isu'), fields, groups };
  } catch {
    // Only a field source can break the expression (e.g. a named group used by two placeholders).
    return { ok: false, message: 'a placeholder format cannot be combined into one expression' };
  }
}
