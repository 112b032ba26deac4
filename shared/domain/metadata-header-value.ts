import { METADATA_CONTROL_CHARACTERS } from './metadata';

/**
 * The ONE encoding rule for Metadata-* header values, applied by the client (encode) and by the platform
 * side, the sandbox (decode); docs/platform-choices.md, "Metadata header encoding":
 * - printable ASCII (U+0020–U+007E) without leading/trailing space → sent as-is;
 * - anything else → RFC 8187 ext-value `UTF-8''<percent-encoded UTF-8>`. Also used for ASCII values that
 *   would otherwise be misread (leading/trailing spaces, which HTTP strips, and values that already
 *   start with `UTF-8''`), so every value survives the round trip;
 * - control characters (C0, DEL, C1: METADATA_CONTROL_CHARACTERS) are refused on both sides: they cannot be
 *   meant and CR/LF would split headers.
 * No Node or DOM APIs (shared/ compiles with the ES library only).
 */
export const EXT_VALUE_PREFIX = "UTF-8''";

export type HeaderValue = { ok: true; value: string } | { ok: false; message: string };

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const EXT_VALUE = /^UTF-8''(.*)$/i;
// RFC 8187 attr-char: ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;
const EXT_VALUE_CHARS = /^(?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-Fa-f]{2})*$/;
const CONTROLS = 'control characters are not allowed';

function needsExtValue(value: string): boolean {
  if (!PRINTABLE_ASCII.test(value)) return true;
  if (value !== value.trim()) return true;
  return value.toUpperCase().startsWith(EXT_VALUE_PREFIX.toUpperCase());
}

/** UTF-8 bytes of a string (a lone surrogate becomes U+FFFD, as TextEncoder does; shared/ has no TextEncoder). */
function utf8Bytes(value: string): number[] {
  const bytes: number[] = [];
  for (const ch of value) {
    let cp = ch.codePointAt(0) ?? 0xfffd;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  }
  return bytes;
}

function percentEncode(value: string): string {
  let out = '';
  for (const byte of utf8Bytes(value)) {
    const ch = String.fromCharCode(byte);
    out += byte < 0x80 && ATTR_CHAR.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A metadata value → what goes on the wire (client side). */
export function encodeMetadataHeaderValue(value: string): HeaderValue {
  if (METADATA_CONTROL_CHARACTERS.test(value)) return { ok: false, message: CONTROLS };
  return { ok: true, value: needsExtValue(value) ? `${EXT_VALUE_PREFIX}${percentEncode(value)}` : value };
}

/**
 * What came on the wire → the value (platform side). Anything the encoder would not have produced (raw
 * bytes above 0x7E, bad escapes, percent-encoded bytes that are not UTF-8, controls after decoding) is
 * refused rather than guessed.
 */
export function decodeMetadataHeaderValue(raw: string): HeaderValue {
  if (!PRINTABLE_ASCII.test(raw)) {
    return { ok: false, message: "non-ASCII values must be sent as UTF-8''<percent-encoded> (RFC 8187)" };
  }
  let value = raw.trim();
  const ext = EXT_VALUE.exec(value);
  if (ext) {
    const encoded = ext[1] ?? '';
    if (!EXT_VALUE_CHARS.test(encoded)) return { ok: false, message: 'invalid RFC 8187 ext-value' };
    try {
      // Strict: a byte sequence that is not UTF-8 (overlong, surrogate, cut short) throws URIError.
      value = decodeURIComponent(encoded);
    } catch {
      return { ok: false, message: 'the percent-encoded bytes are not UTF-8' };
    }
  }
  if (METADATA_CONTROL_CHARACTERS.test(value)) return { ok: false, message: CONTROLS };
  return { ok: true, value };
}
