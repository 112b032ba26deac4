/**
 * A page edit as one new PDF: the pages of the document's current file in a new order, some left out, each
 * turned by a quarter turn or more. The file it reads is never written (the scanner's original, or an
 * earlier edit kept for undo). Pages keep their encoding as the split writer keeps them (split-writer.ts):
 * PDF pages copied, JPEG/PNG embedded as they are, G4 TIFF strips passed through; the turn is the page's
 * /Rotate, so nothing is re-rendered.
 */
import { degrees, PDFDocument } from 'pdf-lib';
import type { CaptureProblem } from '../../../../shared/domain/capture';
import type { PageEditPage } from '../../../../shared/domain/page-edit';
import { sniffFileKind } from '../pages/file-kind';
import { buildParts } from '../split/split-writer';
import { readTiffStructure } from '../pages/tiff-structure';

export type PageEditResult =
  { ok: true; bytes: Uint8Array; pageCount: number } | { ok: false; problem: CaptureProblem };

export async function applyPageEdit(
  bytes: Uint8Array,
  pages: readonly PageEditPage[],
  original: { fileName: string; sha256: string },
): Promise<PageEditResult> {
  const built = await buildParts(
    bytes,
    [{ pages: pages.map((p) => p.source), metadata: {}, flaggedBlankPages: [], separatorPages: [] }],
    original,
  );
  if (!built.ok) return built;
  const doc = await PDFDocument.load(built.parts[0]!);
  for (const [i, p] of pages.entries()) {
    if (p.rotate === 0) continue;
    const page = doc.getPage(i);
    page.setRotation(degrees((page.getRotation().angle + p.rotate) % 360));
  }
  doc.setTitle(original.fileName);
  doc.setSubject(`Pages edited in Intake Desk from ${original.fileName} (sha256 ${original.sha256})`);
  doc.setKeywords([`intake-edited-from-sha256:${original.sha256}`]);
  return { ok: true, bytes: await doc.save({ useObjectStreams: true }), pageCount: doc.getPageCount() };
}

/** How many pages the file has, read from its bytes (a PDF's page tree, a TIFF's directories; images: 1). */
export async function pageCountOf(bytes: Uint8Array): Promise<number> {
  const kind = sniffFileKind(bytes.subarray(0, 1024));
  if (kind === 'pdf')
    return (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })).getPageCount();
  if (kind === 'tiff') return readTiffStructure(bytes).length;
  return kind ? 1 : 0;
}

/** Several documents' files as one PDF, in the given order (each file's pages kept as the split writer keeps them). */
export async function concatenate(files: readonly { bytes: Uint8Array; fileName: string; sha256: string }[]) {
  const out = await PDFDocument.create();
  for (const f of files) {
    const count = await pageCountOf(f.bytes);
    const pages = Array.from({ length: count }, (_, i) => ({ source: i, rotate: 0 as const }));
    const one = await applyPageEdit(f.bytes, pages, f);
    if (!one.ok) return one;
    const src = await PDFDocument.load(one.bytes);
    for (const page of await out.copyPages(src, src.getPageIndices())) out.addPage(page);
  }
  const first = files[0];
  out.setTitle(first?.fileName ?? '');
  out.setSubject(`Merged in Intake Desk from ${files.map((f) => `${f.fileName} (sha256 ${f.sha256})`).join(', ')}`);
  return { ok: true as const, bytes: await out.save({ useObjectStreams: true }), pageCount: out.getPageCount() };
}
