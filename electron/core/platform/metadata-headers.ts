import type { Metadata } from '../../../shared/domain/metadata';
import { METADATA_FIELDS, METADATA_HEADERS } from '../../../shared/platform/inbox';
import { IntakeError } from '../errors';

/**
 * The ONE encoding rule for Metadata-* header values (agreed with the sandbox; docs/platform-choices.md):
 * - printable ASCII (U+0020–U+007E) without leading/trailing space → sent as-is;
 * - anything else → RFC 8187 ext-value `UTF-8''<percent-encoded UTF-8>`. Also used for ASCII values that
 *   would otherwise be misread (leading/trailing spaces, which HTTP strips, and values that already
 *   start with `UTF-8''`), so every value survives the round trip;
 * - control characters (C0, DEL, C1) are rejected: they cannot be meant and CR/LF would split headers.
 */
export const EXT_VALUE_PREFIX = "UTF-8''";

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f-\x9f]/;
// RFC 8187 attr-char: ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

function needsExtValue(value: string): boolean {
  if (!PRINTABLE_ASCII.test(value)) return true;
  if (value !== value.trim()) return true;
  return value.toUpperCase().startsWith(EXT_VALUE_PREFIX.toUpperCase());
}

function percentEncode(value: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(value)) {
    const ch = String.fromCharCode(byte);
    out += byte < 0x80 && ATTR_CHAR.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function encodeHeaderValue(header: string, value: string): string {
  if (CONTROL.test(value)) {
    throw new IntakeError(
      'validation',
      'metadata.invalid',
      `${header} contains a line break or another control character; remove it and submit again.`,
      { fields: { [header]: 'control characters are not allowed' } },
    );
  }
  return needsExtValue(value) ? `${EXT_VALUE_PREFIX}${percentEncode(value)}` : value;
}

/** The reverse, for tests and diagnostics (the platform side decodes the same way). */
export function decodeHeaderValue(raw: string): string {
  if (!raw.toUpperCase().startsWith(EXT_VALUE_PREFIX.toUpperCase())) return raw;
  return decodeURIComponent(raw.slice(EXT_VALUE_PREFIX.length));
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
