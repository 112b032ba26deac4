import { describe, expect, it } from 'vitest';
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

  it('an invalid pattern is a configuration error naming the placeholder', () => {
    expect(() => new FileNamePattern('{NoSuchField}_*.pdf')).toThrow(/unknown placeholder \{NoSuchField\}/);
  });
});
