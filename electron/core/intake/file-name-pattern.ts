import type { Metadata } from '../../../shared/domain/metadata';
import { METADATA_HEADERS } from '../../../shared/platform/inbox';
import type { MetadataField } from '../../../shared/platform/inbox';
import { IntakeError } from '../errors';

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

/**
 * A folder profile's file-name pattern, e.g. `{CaseNumber}_{DocumentTypeCode}_*.pdf`: placeholders take
 * one or more characters (shortest match first), `*` any run, `?` one character; case-insensitive.
 * A name that does not match yields no metadata (the document still arrives, untagged).
 */
export class FileNamePattern {
  private readonly regex: RegExp;
  private readonly fields: MetadataField[] = [];

  constructor(readonly pattern: string) {
    let re = '';
    const tokens = pattern.normalize('NFC').split(/(\{[^}]*\})/);
    for (const token of tokens) {
      const m = /^\{([^}]*)\}$/.exec(token);
      if (m) {
        const field = PLACEHOLDERS.get((m[1] ?? '').trim().toLowerCase());
        if (!field) {
          throw new IntakeError(
            'configuration',
            'folder.pattern',
            `Unknown placeholder {${m[1]}} in "${pattern}"; use header names such as {CaseNumber} or {Responsible-UserId}.`,
          );
        }
        this.fields.push(field);
        re += '(.+?)';
        continue;
      }
      for (const c of token) re += c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
    this.regex = new RegExp(`^${re}$`, 'iu');
  }

  extract(fileName: string): Metadata | undefined {
    const m = this.regex.exec(fileName.normalize('NFC'));
    if (!m) return undefined;
    const out: Metadata = {};
    this.fields.forEach((field, i) => {
      const v = m[i + 1];
      if (v !== undefined && v !== '') out[field] = v;
    });
    return out;
  }
}
