/**
 * The sheets a clerk prints to put between letters (issue #38 item 7): a separator sheet (PATCH T) and a
 * cover sheet that carries a case number. Both are what capture reads (analysis/planner.ts): a Code 128 of
 * the separator value (`PATCHT`, the profile's default) makes the page a separator sheet under any folder
 * profile that splits, and on a cover sheet a second Code 128 holds the case number as it is written, for
 * the folder's metadata pattern (`^(?<CaseNumber>CLM-\d{4}-\d{6})$`) to put into the document it starts.
 *
 * Bars are drawn as vector rectangles at 0.5 mm per module (capture reads 1-D codes from 0.4 mm at
 * 200 DPI, docs/capture.md), each code twice on the page (one smudged or folded still leaves the other),
 * with its text under it, so a clerk can read what the scanner will.
 */
import type { PDFFont, PDFPage } from 'pdf-lib';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Locale } from '../../../../shared/i18n/translate';
import { sheetText } from '../../../../shared/i18n/sheet-messages';
import { code128Widths } from './code128';

export type SheetKind = 'separator' | 'cover';

export interface SheetSpec {
  kind: SheetKind;
  /** The cover sheet's case number (printable ASCII; the caller checks the platform's form). */
  caseNumber?: string;
  /** The code that makes a page a separator sheet (CaptureProfile.separatorValue). */
  separatorValue: string;
  /** Pages: one sheet per letter to come. */
  copies: number;
  locale: Locale;
}

const A4 = { width: 595.28, height: 841.89 };
const PT_PER_MM = 72 / 25.4;
const MARGIN = 20 * PT_PER_MM;
/** Narrow bar width. */
export const SHEET_MODULE_MM = 0.5;
const BAR_HEIGHT_MM = 22;
const QUIET_MODULES = 10;

/** A Code 128 with its text under it, centred at `top` (pt from the page's top); returns the bottom. */
function drawCode(page: PDFPage, font: PDFFont, text: string, top: number, moduleMm = SHEET_MODULE_MM): number {
  const widths = code128Widths(text);
  const modules = widths.reduce((a, b) => a + b, 0);
  const module = moduleMm * PT_PER_MM;
  const width = modules * module;
  // A long text gets narrower bars rather than running off the page (never under capture's 0.4 mm).
  if (width + 2 * QUIET_MODULES * module > A4.width - 2 * MARGIN && moduleMm > 0.4)
    return drawCode(page, font, text, top, 0.4);
  let x = (A4.width - width) / 2;
  const height = BAR_HEIGHT_MM * PT_PER_MM;
  const y = A4.height - top - height;
  widths.forEach((w, i) => {
    if (i % 2 === 0) page.drawRectangle({ x, y, width: w * module, height, color: rgb(0, 0, 0) });
    x += w * module;
  });
  const size = 14;
  const label = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (A4.width - label) / 2, y: y - size - 4, size, font });
  return top + height + size + 8;
}

/** Words wrapped into the page's text width. */
function drawParagraph(page: PDFPage, font: PDFFont, text: string, top: number, size: number): number {
  const maxWidth = A4.width - 2 * MARGIN;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  let y = top;
  for (const l of lines) {
    y += size * 1.3;
    page.drawText(l, { x: MARGIN, y: A4.height - y, size, font, color: rgb(0.15, 0.15, 0.15) });
  }
  return y;
}

function drawTitle(page: PDFPage, font: PDFFont, text: string, top: number, size: number): number {
  page.drawText(text, { x: MARGIN, y: A4.height - top - size, size, font });
  return top + size * 1.25;
}

/** The sheets as one PDF, `copies` pages. Throws Code128Error for a text Code 128 cannot carry. */
export async function sheetPdf(spec: SheetSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const t = (key: Parameters<typeof sheetText>[1]) => sheetText(spec.locale, key);
  const caseNumber = spec.kind === 'cover' ? (spec.caseNumber ?? '') : '';
  // Encoded once before any page is drawn, so a text Code 128 cannot carry fails here, not half-way.
  code128Widths(spec.separatorValue);
  if (spec.kind === 'cover') code128Widths(caseNumber);
  doc.setTitle(spec.kind === 'cover' ? `${t('cover.title')} ${caseNumber}` : t('separator.subtitle'));
  doc.setCreator('Intake Desk');
  doc.setProducer('Intake Desk');
  for (let n = 0; n < spec.copies; n++) {
    const page = doc.addPage([A4.width, A4.height]);
    let top = MARGIN;
    if (spec.kind === 'separator') {
      top = drawTitle(page, bold, t('separator.title'), top, 64);
      top = drawTitle(page, regular, t('separator.subtitle'), top + 4, 22);
      top = drawParagraph(page, regular, t('separator.hint'), top + 8, 12);
      drawCode(page, bold, spec.separatorValue, top + 40);
      drawCode(page, bold, spec.separatorValue, A4.height - MARGIN - 60 * PT_PER_MM);
    } else {
      top = drawTitle(page, bold, t('cover.title'), top, 40);
      top = drawTitle(page, regular, `${t('cover.caseNumber')}: ${caseNumber}`, top + 8, 26);
      top = drawParagraph(page, regular, t('cover.hint'), top + 8, 12);
      top = drawCode(page, bold, caseNumber, top + 30);
      drawCode(page, bold, spec.separatorValue, top + 20);
      drawCode(page, bold, caseNumber, A4.height - MARGIN - 60 * PT_PER_MM);
    }
    drawParagraph(page, regular, t('footer'), A4.height - MARGIN - 10, 9);
  }
  return doc.save();
}
