import { describe, expect, it } from 'vitest';
import { SANDBOX_CASE_NUMBER_PATTERN } from '../../../shared/domain/case-number';
import { FileNamePattern } from './file-name-pattern';

describe('FileNamePattern values', () => {
  const p = new FileNamePattern('{CaseNumber}_{DocumentTypeCode}_*.pdf');

  it('takes values that meet the metadata rules', () => {
    expect(p.read('4711_INV_scan.pdf')).toEqual({ metadata: { caseNumber: '4711', documentTypeCode: 'INV' } });
    expect(p.read('other.pdf')).toEqual({});
  });

  it('refuses a captured value over 255 characters, with a message naming the placeholder', () => {
    const long = 'x'.repeat(256);
    expect(p.read(`${long}_INV_scan.pdf`)).toEqual({
      problem: '{CaseNumber} from the file name cannot be used (256 characters): at most 255 characters',
    });
    expect(p.extract(`${long}_INV_scan.pdf`)).toBeUndefined();
    expect(p.read(`${'x'.repeat(255)}_INV_scan.pdf`).metadata?.caseNumber).toHaveLength(255);
  });

  it('refuses a control character a file name can hold on Linux (TAB, newline)', () => {
    expect(p.read('47\t11_INV_scan.pdf').problem).toMatch(/\{CaseNumber\}.*control characters/);
    expect(p.read('4711_IN\nV_scan.pdf').problem).toMatch(/\{DocumentTypeCode\}.*line breaks/);
  });

  it('{PrimaryFileName} is only a name: a path in it keeps its last segment, and a name of dots is not taken', () => {
    const named = new FileNamePattern('{CaseNumber}__{Primary-FileName}');
    expect(named.read('4711__..\\..\\etc\\x.pdf').metadata).toEqual({ caseNumber: '4711', primaryFileName: 'x.pdf' });
    expect(named.read('4711__..').metadata).toEqual({ caseNumber: '4711' });
    expect(named.read('4711__..').unmatched).toEqual(['primaryFileName']);
  });

  it('an invalid pattern is a configuration error naming the placeholder', () => {
    expect(() => new FileNamePattern('{NoSuchField}_*.pdf')).toThrow(/unknown placeholder \{NoSuchField\}/);
  });
});

describe('FileNamePattern placeholders take only values of their field format', () => {
  const p = new FileNamePattern('{CaseNumber}_{DocumentTypeCode}_*.pdf');
  const formats = { caseNumberPattern: SANDBOX_CASE_NUMBER_PATTERN, documentTypeCodes: ['INV', 'FNOL', 'INVOICE_X'] };

  it('a name of words is not read as a case number and a document type (issue 21: Rechnung_Maler_Nov.pdf)', () => {
    expect(p.read('Rechnung_Maler_Nov.pdf', formats)).toEqual({
      metadata: {},
      unmatched: ['caseNumber', 'documentTypeCode'],
    });
  });

  it('a case number of the pattern and a configured code (written as configured) are taken', () => {
    expect(p.read('CLM-2026-000101_inv_scan0001.pdf', formats)).toEqual({
      metadata: { caseNumber: 'CLM-2026-000101', documentTypeCode: 'INV' },
    });
  });

  it('an unconfigured code stays empty, the case number is still taken', () => {
    expect(p.read('CLM-2026-000101_INVOICE_scan0001.pdf', formats)).toEqual({
      metadata: { caseNumber: 'CLM-2026-000101' },
      unmatched: ['documentTypeCode'],
    });
  });

  it('the formats choose where a placeholder ends: an underscore inside a configured code', () => {
    expect(p.read('CLM-2026-000101_INVOICE_X_scan.pdf', formats).metadata).toEqual({
      caseNumber: 'CLM-2026-000101',
      documentTypeCode: 'INVOICE_X',
    });
  });

  it('a case-number pattern with groups of its own still fills the right fields', () => {
    const own = { caseNumberPattern: '^(S|K)-(\\d{4})$', documentTypeCodes: ['INV'] };
    expect(p.read('K-1234_INV_a.pdf', own)).toEqual({ metadata: { caseNumber: 'K-1234', documentTypeCode: 'INV' } });
  });

  it('without formats (no pattern, no configured types) any value is taken, as before', () => {
    expect(p.read('Rechnung_Maler_Nov.pdf')).toEqual({
      metadata: { caseNumber: 'Rechnung', documentTypeCode: 'Maler' },
    });
  });
});
