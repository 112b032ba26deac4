/**
 * The sheets a clerk prints from the inbox or the claim view (issue #38 item 7; channel `capture.sheet`):
 * the PDF is written under `<data>/sheets/<id>.pdf` and read by the window like a document's bytes (the
 * shells' content route, ContentLocator), never through an invoke. The last few stay, older ones go.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { caseNumberRegex } from '../../../../shared/domain/case-number';
import type { Locale } from '../../../../shared/i18n/translate';
import { IntakeError } from '../../errors';
import { Code128Error } from './code128';
import type { SheetKind } from './sheet-pdf';
import { sheetPdf } from './sheet-pdf';

export interface SheetServiceDeps {
  /** `<data>/sheets`. */
  dir: string;
  /** The active environment's case-number pattern, if it has one. */
  caseNumberPattern: () => string | undefined;
  /** The separator code the station's splitting folders look for (CaptureProfile.separatorValue). */
  separatorValue: () => string;
}

/** Sheet ids are content ids of their own kind, so a document id never names one. */
const SHEET_ID = /^sheet-[0-9a-f-]{36}$/;
/** Sheets kept for the window to read (a clerk prints one or two at a time). */
const KEEP = 8;

export interface SheetRequest {
  kind: SheetKind;
  caseNumber?: string | undefined;
  copies: number;
  locale: Locale;
}

export class SheetService {
  constructor(private readonly deps: SheetServiceDeps) {}

  static isSheetId(id: string): boolean {
    return SHEET_ID.test(id);
  }

  async make(req: SheetRequest): Promise<{ id: string; fileName: string; pages: number }> {
    const caseNumber = req.kind === 'cover' ? this.checkedCaseNumber(req.caseNumber) : undefined;
    let bytes: Uint8Array;
    try {
      bytes = await sheetPdf({
        kind: req.kind,
        ...(caseNumber ? { caseNumber } : {}),
        separatorValue: this.deps.separatorValue(),
        copies: req.copies,
        locale: req.locale,
      });
    } catch (e) {
      if (e instanceof Code128Error)
        throw new IntakeError('validation', 'sheet.unprintable', `This cannot be printed as a barcode: ${e.message}`, {
          cause: e,
        });
      throw e;
    }
    const id = `sheet-${randomUUID()}`;
    await mkdir(this.deps.dir, { recursive: true });
    const path = this.pathOf(id);
    await writeFile(`${path}.partial`, bytes);
    await rename(`${path}.partial`, path);
    await this.prune();
    const fileName = req.kind === 'cover' ? `cover-sheet_${caseNumber}.pdf` : 'separator-sheets.pdf';
    return { id, fileName, pages: req.copies };
  }

  /** For the content route: a sheet's file (throws like the queue for an id it does not know). */
  contentFile(id: string): { path: string; contentType: string } {
    if (!SheetService.isSheetId(id)) throw new IntakeError('not_found', 'document.not_found', `No sheet ${id}.`);
    return { path: this.pathOf(id), contentType: 'application/pdf' };
  }

  private pathOf(id: string): string {
    return join(this.deps.dir, `${id}.pdf`);
  }

  private checkedCaseNumber(raw: string | undefined): string {
    const value = raw?.trim() ?? '';
    if (!value) throw new IntakeError('validation', 'sheet.case_number_missing', 'A cover sheet needs a case number.');
    const re = caseNumberRegex(this.deps.caseNumberPattern());
    if (re && !re.test(value))
      throw new IntakeError(
        'validation',
        'sheet.case_number_format',
        `“${value}” is not a case number of this platform (${this.deps.caseNumberPattern() ?? ''}).`,
      );
    return value;
  }

  /** Keeps the newest sheets; a half-written one is removed too. */
  private async prune(): Promise<void> {
    const names = await readdir(this.deps.dir);
    const files = await Promise.all(
      names.map(async (n) => ({ n, t: (await stat(join(this.deps.dir, n)).catch(() => undefined))?.mtimeMs ?? 0 })),
    );
    files.sort((a, b) => b.t - a.t);
    for (const f of files.slice(KEEP)) await rm(join(this.deps.dir, f.n), { force: true });
  }
}
