import { createHash } from 'node:crypto';

/**
 * The Idempotency-Key of a document taken from a watched folder (docs/platform-choices.md, "Which key a
 * document gets"): derived from what identifies the scan, so two stations that ever send the same scan send
 * the same key and the platform answers the second with the first one's result instead of storing a copy.
 *
 * A name-based UUID in the form of RFC 9562 version 8 (SHA-256, as its appendix B.2 shows; v5 is the same
 * idea with SHA-1): the platform takes any UUID as a key. The parts are length-prefixed, so no choice of
 * names can make two different scans hash alike by shifting a separator.
 */
export function scanKeyOf(folderIdentity: string, name: string, sha256: string): string {
  const h = createHash('sha256').update('intake-desk/scan-key/1');
  for (const part of [folderIdentity.normalize('NFC'), name.normalize('NFC'), sha256.toLowerCase()]) {
    const bytes = Buffer.from(part, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    h.update(length).update(bytes);
  }
  const b = h.digest().subarray(0, 16);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x80;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const x = b.toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
