import { describe, expect, it } from 'vitest';
import { fileNameFrom, fileNameProblem } from './file-name';
import { MetadataSchema } from './metadata';

describe('a file name from outside is only a name', () => {
  it('keeps the last path segment of either separator, and refuses what is left when it is no name', () => {
    expect(fileNameFrom('../../etc/x')).toBe('x');
    expect(fileNameFrom('..\\..\\Windows\\win.ini')).toBe('win.ini');
    expect(fileNameFrom(' scan 1.pdf ')).toBe('scan 1.pdf');
    for (const raw of ['', '..', '/', 'a/..', 'x/\t', 'line\r\nbreak.pdf', '\u001b[2J.pdf', 'a'.repeat(256)])
      expect(fileNameFrom(raw), JSON.stringify(raw)).toBeUndefined();
  });

  it('names each problem', () => {
    expect(fileNameProblem('a/b.pdf')).toBe('path');
    expect(fileNameProblem('a\u0085b.pdf')).toBe('control');
    expect(fileNameProblem('.')).toBe('empty');
    expect(fileNameProblem('a'.repeat(256))).toBe('too_long');
    expect(fileNameProblem('a'.repeat(255))).toBeUndefined();
  });

  it('a typed Primary-FileName is refused when it is a path, with a message that says so', () => {
    const r = MetadataSchema.safeParse({ primaryFileName: '../claims/other.pdf' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/a file name, not a path/);
    expect(MetadataSchema.safeParse({ primaryFileName: 'Schaden 2026.pdf' }).success).toBe(true);
    // Other fields keep their rules: a slash is fine in a case number.
    expect(MetadataSchema.safeParse({ caseNumber: 'CLM/2026/1' }).success).toBe(true);
  });
});
