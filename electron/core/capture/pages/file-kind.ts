/** The page formats capture understands, told apart by their first bytes (never by the file name). */
export type PageFileKind = 'pdf' | 'tiff' | 'jpeg' | 'png';

export function sniffFileKind(head: Uint8Array): PageFileKind | undefined {
  const b = (i: number) => head[i];
  // %PDF may follow some junk bytes (the spec allows the header within the first 1024 bytes).
  const text = new TextDecoder('latin1').decode(head.subarray(0, 1024));
  if (text.includes('%PDF-')) return 'pdf';
  if (
    (b(0) === 0x49 && b(1) === 0x49 && b(2) === 0x2a && b(3) === 0) ||
    (b(0) === 0x4d && b(1) === 0x4d && b(2) === 0 && b(3) === 0x2a)
  )
    return 'tiff';
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg';
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return 'png';
  return undefined;
}
