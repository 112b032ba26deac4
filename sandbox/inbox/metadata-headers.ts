import type { IncomingHttpHeaders } from 'node:http';
import { METADATA_MAX_LENGTH } from '../../shared/domain/metadata';
import { METADATA_HEADERS, METADATA_FIELDS, type MetadataField } from '../../shared/platform/inbox';

export type UploadMetadata = Partial<Record<MetadataField, string>>;
export type MetadataResult = { ok: true; metadata: UploadMetadata } | { ok: false; header: string; message: string };

const EXT_VALUE = /^UTF-8''(.*)$/i;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The shared header encoding rule (docs/platform-choices.md, Sandbox): a value is sent as-is when it is
 * printable ASCII, else as an RFC 8187 ext-value `UTF-8''<percent-encoded>`. Anything else (raw Latin-1
 * bytes, bad escapes, control characters after decoding) is rejected rather than guessed.
 */
export function decodeMetadataValue(raw: string): { ok: true; value: string } | { ok: false; message: string } {
  if (!PRINTABLE_ASCII.test(raw)) {
    return { ok: false, message: "non-ASCII values must be sent as UTF-8''<percent-encoded> (RFC 8187)" };
  }
  let value = raw.trim();
  const ext = EXT_VALUE.exec(value);
  if (ext) {
    const encoded = ext[1] ?? '';
    if (!/^(?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-Fa-f]{2})*$/.test(encoded)) {
      return { ok: false, message: 'invalid RFC 8187 ext-value' };
    }
    try {
      value = new TextDecoder('utf-8', { fatal: true }).decode(percentBytes(encoded));
    } catch {
      return { ok: false, message: 'the percent-encoded bytes are not UTF-8' };
    }
  }
  if (hasControlCharacter(value)) return { ok: false, message: 'control characters are not allowed' };
  if (value.length > METADATA_MAX_LENGTH) return { ok: false, message: `at most ${METADATA_MAX_LENGTH} characters` };
  return { ok: true, value };
}

function percentBytes(encoded: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i++) {
    const c = encoded[i];
    if (c === '%') {
      bytes.push(parseInt(encoded.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(encoded.charCodeAt(i));
    }
  }
  return Uint8Array.from(bytes);
}

export function decodeMetadataHeaders(headers: IncomingHttpHeaders): MetadataResult {
  const metadata: UploadMetadata = {};
  for (const field of METADATA_FIELDS) {
    const name = METADATA_HEADERS[field];
    const raw = headers[name.toLowerCase()];
    if (raw === undefined) continue;
    if (Array.isArray(raw)) return { ok: false, header: name, message: 'header sent more than once' };
    const decoded = decodeMetadataValue(raw);
    if (!decoded.ok) return { ok: false, header: name, message: decoded.message };
    if (decoded.value !== '') metadata[field] = decoded.value;
  }
  return { ok: true, metadata };
}

function hasControlCharacter(value: string): boolean {
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
