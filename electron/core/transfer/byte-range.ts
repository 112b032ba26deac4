/** One byte range of a file, inclusive at both ends (as in `Content-Range: bytes start-end/size`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Parses a `Range` header for a file of `size` bytes (RFC 9110 §14). One range only: `bytes=a-b`, `bytes=a-`
 * or `bytes=-n`. Returns undefined for no (or an unusable) header, which means the whole file, and
 * 'unsatisfiable' for a range that starts past the end (answered 416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}
