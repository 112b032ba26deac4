import type { Metadata } from '../../../shared/domain/metadata';
import { encodeMetadataHeaderValue } from '../../../shared/domain/metadata-header-value';
import { METADATA_FIELDS, METADATA_HEADERS } from '../../../shared/platform/inbox';
import { IntakeError } from '../errors';

/** One value by the shared rule (shared/domain/metadata-header-value.ts); a control character → metadata.invalid. */
export function encodeHeaderValue(header: string, value: string): string {
  const encoded = encodeMetadataHeaderValue(value);
  if (!encoded.ok) {
    throw new IntakeError(
      'validation',
      'metadata.invalid',
      `${header} contains a line break or another control character; remove it and submit again.`,
      { fields: { [header]: encoded.message } },
    );
  }
  return encoded.value;
}

/** Metadata → the Metadata-* headers to send; empty and absent fields are not sent. */
export function encodeMetadataHeaders(metadata: Metadata): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const field of METADATA_FIELDS) {
    const value = metadata[field];
    if (value === undefined || value === '') continue;
    const name = METADATA_HEADERS[field];
    headers[name] = encodeHeaderValue(name, value);
  }
  return headers;
}
