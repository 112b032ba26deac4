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
  { ok: true; regex: RegExp; fields: MetadataField[] } | { ok: false; message: string };

/**
 * A folder profile's file-name pattern, e.g. `{CaseNumber}_{DocumentTypeCode}_*.pdf`: placeholders take
 * one or more characters (shortest match first), `*` any run, `?` one character; case-insensitive.
 * One rule for the settings schema (which refuses a bad pattern at the field) and the hot folders (which
 * use it): an unknown or empty placeholder, or a brace without its pair, is an error, never a literal.
 */
export function compileFileNamePattern(pattern: string): CompiledFileNamePattern {
  let re = '';
  const fields: MetadataField[] = [];
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
      re += '(.+?)';
      continue;
    }
    if (/[{}]/.test(token))
      return { ok: false, message: 'a "{" or "}" without its pair; placeholders look like {CaseNumber}' };
    for (const c of token) re += c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  // s: a line break in a (Linux) file name is captured and refused by the value rules, not silently unmatched.
  return { ok: true, regex: new RegExp(`^${re}$`, 'isu'), fields };
}
