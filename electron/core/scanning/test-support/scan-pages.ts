/**
 * Pages as a document scanner sends them over eSCL or SANE: one JPEG per page at 200 DPI (JFIF density set),
 * letters, PATCH T separator sheets (Code 128 "PATCHT") and a cover sheet with a case number as a QR code.
 * `layout` names each page: L letter, S separator, C<case> cover, B blank back. Rendered once per kind.
 */
import { encodeJpeg, renderScan } from '../../capture/test-support/synthetic-scan';

export type PageKind = 'L' | 'S' | 'B' | `C${string}`;

export async function scannerPages(layout: readonly PageKind[]): Promise<Uint8Array[]> {
  const made = new Map<string, Uint8Array>();
  const one = async (kind: PageKind): Promise<Uint8Array> => {
    const hit = made.get(kind);
    if (hit) return hit;
    const bitmap =
      kind === 'L'
        ? await renderScan({ textLines: 12 }, { noise: 8, seed: 3 })
        : kind === 'S'
          ? await renderScan({ codes: [{ text: 'PATCHT', format: 'Code128', moduleMm: 0.4 }] }, { noise: 8 })
          : kind === 'B'
            ? await renderScan({ specks: 20 }, { noise: 8 })
            : await renderScan(
                { codes: [{ text: kind.slice(1), format: 'QRCode', xMm: 150 }], textLines: 3 },
                { noise: 8 },
              );
    const bytes = new Uint8Array(await encodeJpeg(bitmap, 80, 200));
    made.set(kind, bytes);
    return bytes;
  };
  const out: Uint8Array[] = [];
  for (const k of layout) out.push(await one(k));
  return out;
}
