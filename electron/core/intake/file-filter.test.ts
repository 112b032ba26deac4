import { describe, expect, it } from 'vitest';
import { FileFilter, isTemporaryName } from './file-filter';
import { FileNamePattern } from './file-name-pattern';

describe('file filter', () => {
  it('ignores temporary and hidden files', () => {
    for (const n of [
      '~$scan.pdf',
      'scan.pdf.tmp',
      '.scan.pdf',
      'x.PART',
      'a.crdownload',
      'a.pdf.partial',
      '.DS_Store',
    ]) {
      expect(isTemporaryName(n), n).toBe(true);
    }
    expect(isTemporaryName('scan.pdf')).toBe(false);
  });

  it('applies include and exclude globs to the file name, case-insensitively, in NFC', () => {
    const f = new FileFilter({ include: ['*.pdf', 'special/**'], exclude: ['draft_*'] });
    expect(f.accepts('scan.PDF')).toBe(true);
    expect(f.accepts('sub/scan.pdf')).toBe(true);
    expect(f.accepts('scan.docx')).toBe(false);
    expect(f.accepts('draft_1.pdf')).toBe(false);
    expect(f.accepts('special/x.bin')).toBe(true);
    expect(f.accepts('sub/.hidden/x.pdf')).toBe(false);
    // "Müller" typed with a combining diaeresis (NFD, as macOS writes it) still matches an NFC glob.
    expect(new FileFilter({ include: ['Müller*'], exclude: [] }).accepts('Mu\u0308ller.pdf')).toBe(true);
  });
});

describe('file-name pattern', () => {
  it('maps placeholders (header names without Metadata-) to metadata', () => {
    const p = new FileNamePattern('{CaseNumber}_{DocumentTypeCode}_*.pdf');
    expect(p.extract('4711_INV_scan001.pdf')).toEqual({ caseNumber: '4711', documentTypeCode: 'INV' });
    expect(p.extract('4711.pdf')).toBeUndefined();
    expect(new FileNamePattern('{Responsible-UserId}-{PolicyNumber}.PDF').extract('jdoe-P 1.pdf')).toEqual({
      responsibleUserId: 'jdoe',
      policyNumber: 'P 1',
    });
  });

  it('rejects an unknown placeholder with a message naming it', () => {
    expect(() => new FileNamePattern('{Claim}_*.pdf')).toThrow(/\{Claim\}/);
  });
});
