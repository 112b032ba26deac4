import { describe, expect, it } from 'vitest';
import { formatLogText } from './log-text';
import type { LogEntry } from './logger';
import { JsonLineLogger } from './logger';

describe('formatLogText', () => {
  it('renders time, level, message and fields on one line, quoting what would break it', () => {
    const lines: string[] = [];
    const logger = new JsonLineLogger(
      (_line, entry) => lines.push(formatLogText(entry)),
      'info',
      { app: 'intake-agent' },
      () => new Date('2026-11-24T10:00:00.000Z'),
    );
    logger.warn('upload failed', {
      documentId: 'd-1',
      attempt: 2,
      file: 'Brief an "Müller".pdf',
      error: { code: 'x' },
    });
    logger.info('two\nlines', { note: 'a\nb', client_secret: 's3cr3t' });
    expect(lines[0]).toBe(
      '2026-11-24T10:00:00.000Z WARN  upload failed app=intake-agent documentId=d-1 attempt=2 file="Brief an \\"Müller\\".pdf" error={"code":"x"}',
    );
    expect(lines[1]).toMatch(/^2026-11-24T10:00:00.000Z INFO {2}two\\nlines /);
    expect(lines[1]).not.toContain('\n');
    expect(lines[1]).toContain('note="a\\nb"');
    // Redaction happened before any sink saw the entry.
    expect(lines[1]).toContain('client_secret=[redacted]');
    expect(lines[1]).not.toContain('s3cr3t');
  });

  it('the JSON line and the entry a sink gets say the same', () => {
    const got: Array<[string, LogEntry]> = [];
    new JsonLineLogger((line, entry) => got.push([line, entry])).info('m', { n: 1 });
    const [line, entry] = got[0]!;
    expect(JSON.parse(line)).toEqual(entry);
  });
});
