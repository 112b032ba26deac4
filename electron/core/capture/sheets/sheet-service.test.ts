import { existsSync, readdirSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../util/test-support/temp-dir';
import { SANDBOX_CASE_NUMBER_PATTERN } from '../../../../shared/domain/case-number';
import { IntakeError } from '../../errors';
import { SheetService } from './sheet-service';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

function service(pattern: string | null = SANDBOX_CASE_NUMBER_PATTERN) {
  dir = tempDir('sheets-');
  return new SheetService({
    dir: join(dir, 'sheets'),
    caseNumberPattern: () => pattern ?? undefined,
    separatorValue: () => 'PATCHT',
  });
}

const codeOf = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(IntakeError);
  return (e as IntakeError).code;
};

describe('SheetService', () => {
  it('writes the sheets as a PDF the content route serves by its id', async () => {
    const s = service();
    const sheet = await s.make({ kind: 'cover', caseNumber: ' CLM-2026-000101 ', copies: 2, locale: 'en' });
    expect(sheet).toMatchObject({ fileName: 'cover-sheet_CLM-2026-000101.pdf', pages: 2 });
    expect(SheetService.isSheetId(sheet.id)).toBe(true);
    const file = s.contentFile(sheet.id);
    expect(file.contentType).toBe('application/pdf');
    expect((await PDFDocument.load(await readFile(file.path))).getPageCount()).toBe(2);
  });

  it('refuses a cover sheet without a case number, or with one not in the platform’s form', async () => {
    const s = service();
    expect(await codeOf(s.make({ kind: 'cover', copies: 1, locale: 'en' }))).toBe('sheet.case_number_missing');
    expect(await codeOf(s.make({ kind: 'cover', caseNumber: '  ', copies: 1, locale: 'en' }))).toBe(
      'sheet.case_number_missing',
    );
    expect(await codeOf(s.make({ kind: 'cover', caseNumber: 'CLM-26-1', copies: 1, locale: 'de' }))).toBe(
      'sheet.case_number_format',
    );
    expect(existsSync(join(dir!, 'sheets')), 'nothing written').toBe(false);
  });

  it('with no platform form known, refuses only what a barcode cannot carry', async () => {
    const s = service(null);
    await expect(s.make({ kind: 'cover', caseNumber: 'AZ 17/2026', copies: 1, locale: 'en' })).resolves.toBeTruthy();
    expect(await codeOf(s.make({ kind: 'cover', caseNumber: 'Schäden-1', copies: 1, locale: 'en' }))).toBe(
      'sheet.unprintable',
    );
  });

  it('serves no document id and no path as a sheet; keeps only the newest sheets', async () => {
    const s = service();
    expect(() => s.contentFile('../queue.sqlite')).toThrow(IntakeError);
    expect(() => s.contentFile('3f0c1c51-7a8f-4a7e-9a55-1f1f2b0a9d11')).toThrow(IntakeError);
    for (let i = 0; i < 10; i++) await s.make({ kind: 'separator', copies: 1, locale: 'en' });
    expect(readdirSync(join(dir!, 'sheets')).length).toBe(8);
  });
});
