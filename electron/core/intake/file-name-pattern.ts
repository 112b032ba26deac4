import type { Metadata } from '../../../shared/domain/metadata';
import { metadataValueProblem } from '../../../shared/domain/metadata';
import { compileFileNamePattern, metadataFieldOf } from '../../../shared/domain/file-name-pattern';
import type { MetadataField } from '../../../shared/platform/inbox';
import { METADATA_HEADERS } from '../../../shared/platform/inbox';
import { IntakeError } from '../errors';

export { metadataFieldOf };

/** What a file name gave: metadata, nothing (no match), or why its values cannot be used. */
export type FileNameMetadata = { metadata: Metadata; problem?: undefined } | { metadata?: undefined; problem?: string };

/**
 * A folder profile's file-name pattern (rules: shared/domain/file-name-pattern.ts). A name that does not
 * match yields no metadata (the document still arrives, untagged). Captured values obey the same rules as
 * typed ones (MetadataSchema: at most 255 characters, no control characters): a name whose value breaks
 * them yields no metadata either, and says why.
 */
export class FileNamePattern {
  private readonly regex: RegExp;
  private readonly fields: MetadataField[];

  constructor(readonly pattern: string) {
    const compiled = compileFileNamePattern(pattern);
    if (!compiled.ok) {
      throw new IntakeError('configuration', 'folder.pattern', `File-name pattern "${pattern}": ${compiled.message}.`);
    }
    this.regex = compiled.regex;
    this.fields = compiled.fields;
  }

  read(fileName: string): FileNameMetadata {
    const m = this.regex.exec(fileName.normalize('NFC'));
    if (!m) return {};
    const out: Metadata = {};
    for (const [i, field] of this.fields.entries()) {
      const v = m[i + 1];
      if (v === undefined || v === '') continue;
      const problem = metadataValueProblem(v);
      if (problem) {
        const name = METADATA_HEADERS[field].slice('Metadata-'.length);
        return { problem: `{${name}} from the file name cannot be used (${v.length} characters): ${problem}` };
      }
      out[field] = v;
    }
    return { metadata: out };
  }

  /** The metadata, or undefined when the name does not match or a value cannot be used. */
  extract(fileName: string): Metadata | undefined {
    return this.read(fileName).metadata;
  }
}
