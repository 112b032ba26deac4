import type { IncomingHttpHeaders } from 'node:http';
import { METADATA_MAX_LENGTH } from '../../shared/domain/metadata';
import { decodeMetadataHeaderValue } from '../../shared/domain/metadata-header-value';
import { METADATA_HEADERS, METADATA_FIELDS, type MetadataField } from '../../shared/platform/inbox';

export type UploadMetadata = Partial<Record<MetadataField, string>>;
export type MetadataResult = { ok: true; metadata: UploadMetadata } | { ok: false; header: string; message: string };

/**
 * An upload's Metadata-* headers, each decoded by the rule the client encodes with
 * (shared/domain/metadata-header-value.ts), with the platform's own limits on top: one header each, 255 characters.
 */
export function decodeMetadataHeaders(headers: IncomingHttpHeaders): MetadataResult {
  const metadata: UploadMetadata = {};
  for (const field of METADATA_FIELDS) {
    const name = METADATA_HEADERS[field];
    const raw = headers[name.toLowerCase()];
    if (raw === undefined) continue;
    if (Array.isArray(raw)) return { ok: false, header: name, message: 'header sent more than once' };
    const decoded = decodeMetadataHeaderValue(raw);
    if (!decoded.ok) return { ok: false, header: name, message: decoded.message };
    if (decoded.value.length > METADATA_MAX_LENGTH) {
      return { ok: false, header: name, message: `at most ${METADATA_MAX_LENGTH} characters` };
    }
    if (decoded.value !== '') metadata[field] = decoded.value;
  }
  return { ok: true, metadata };
}
