import { caseNumberMatches, caseNumberSource } from '../../../shared/domain/case-number';
import { compileFileNamePattern, metadataFieldOf } from '../../../shared/domain/file-name-pattern';
import type { CompiledFileNamePattern } from '../../../shared/domain/file-name-pattern';
import type { Metadata } from '../../../shared/domain/metadata';
import { fileNameFrom } from '../../../shared/domain/file-name';
import { metadataValueProblem } from '../../../shared/domain/metadata';
import type { MetadataField } from '../../../shared/platform/inbox';
import { METADATA_HEADERS } from '../../../shared/platform/inbox';
import { IntakeError } from '../errors';

export { metadataFieldOf };

/** The formats placeholders must have: the active environment's case-number pattern, the configured codes. */
export interface PlaceholderFormats {
  caseNumberPattern?: string | undefined;
  /** The configured document-type codes; empty = any value. */
  documentTypeCodes?: readonly string[];
}

/**
 * What a file name gave: metadata, nothing (no match), or why its values cannot be used. `unmatched` names
 * the placeholders whose part of the name did not have their field's format: those fields stay empty.
 */
export type FileNameMetadata =
  | { metadata: Metadata; unmatched?: MetadataField[]; problem?: undefined }
  | { metadata?: undefined; unmatched?: undefined; problem?: string };

type Compiled = Extract<CompiledFileNamePattern, { ok: true }>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A folder profile's file-name pattern (rules: shared/domain/file-name-pattern.ts). A placeholder takes only
 * a value of its field's format: {CaseNumber} the case-number pattern, {DocumentTypeCode} a configured code
 * (written as configured). So `{CaseNumber}_{DocumentTypeCode}_*.pdf` does not read "Rechnung" as a case
 * number from `Rechnung_Maler_Nov.pdf`. A name that fits the pattern only loosely keeps the values that do
 * have their format and leaves the others empty (`unmatched`); a name that does not fit at all yields no
 * metadata (the document still arrives, untagged). Captured values obey the same rules as typed ones
 * (MetadataSchema: at most 255 characters, no control characters): a name whose value breaks them yields no
 * metadata either, and says why.
 */
export class FileNamePattern {
  private readonly loose: Compiled;
  private strict: { key: string; compiled: Compiled | undefined } | undefined;

  constructor(readonly pattern: string) {
    const compiled = compileFileNamePattern(pattern);
    if (!compiled.ok) {
      throw new IntakeError('configuration', 'folder.pattern', `File-name pattern "${pattern}": ${compiled.message}.`);
    }
    this.loose = compiled;
  }

  read(fileName: string, formats: PlaceholderFormats = {}): FileNameMetadata {
    const name = fileName.normalize('NFC');
    const strict = this.strictFor(formats);
    const exact = strict?.regex.exec(name);
    if (strict && exact) return this.values(exact, strict, formats);
    const m = this.loose.regex.exec(name);
    return m ? this.values(m, this.loose, formats) : {};
  }

  /** The metadata, or undefined when the name does not match or a value cannot be used. */
  extract(fileName: string, formats: PlaceholderFormats = {}): Metadata | undefined {
    return this.read(fileName, formats).metadata;
  }

  private values(m: RegExpExecArray, compiled: Compiled, formats: PlaceholderFormats): FileNameMetadata {
    const out: Metadata = {};
    const unmatched: MetadataField[] = [];
    for (const [i, field] of compiled.fields.entries()) {
      const v = m[compiled.groups[i] ?? 0];
      if (v === undefined || v === '') continue;
      const problem = metadataValueProblem(v);
      if (problem) {
        const header = METADATA_HEADERS[field].slice('Metadata-'.length);
        return { problem: `{${header}} from the file name cannot be used (${v.length} characters): ${problem}` };
      }
      const value = inFormat(field, v, formats);
      if (value === undefined) {
        if (!unmatched.includes(field)) unmatched.push(field);
        continue;
      }
      out[field] = value;
    }
    return unmatched.length ? { metadata: out, unmatched } : { metadata: out };
  }

  /** The pattern with each placeholder narrowed to its field's format; compiled once per set of formats. */
  private strictFor(formats: PlaceholderFormats): Compiled | undefined {
    const sources: Partial<Record<MetadataField, string>> = {};
    const caseSource = caseNumberSource(formats.caseNumberPattern);
    if (caseSource !== undefined) sources.caseNumber = caseSource;
    const codes = formats.documentTypeCodes ?? [];
    if (codes.length) {
      // Longest first, so INVOICE is not read as INV plus the rest.
      sources.documentTypeCode = [...codes]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|');
    }
    if (!Object.keys(sources).length) return undefined;
    const key = JSON.stringify(sources);
    if (this.strict?.key !== key) {
      const compiled = compileFileNamePattern(this.pattern, sources);
      this.strict = { key, compiled: compiled.ok ? compiled : undefined };
    }
    return this.strict.compiled;
  }
}

/**
 * The value as its field takes it (a document type as configured), or undefined when it has not its format.
 * Also for values read from a cover sheet (capture/batches).
 */
export function inFormat(field: MetadataField, value: string, formats: PlaceholderFormats): string | undefined {
  // A barcode or a name saying `../../etc/x` names the file `x`, as a drop would (shared/domain/file-name.ts).
  if (field === 'primaryFileName') return fileNameFrom(value);
  if (field === 'caseNumber') return caseNumberMatches(formats.caseNumberPattern, value) ? value : undefined;
  if (field === 'documentTypeCode') {
    const codes = formats.documentTypeCodes ?? [];
    if (!codes.length) return value;
    return codes.find((c) => c.toUpperCase() === value.toUpperCase());
  }
  return value;
}
