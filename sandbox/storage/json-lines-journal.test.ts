import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JsonLinesJournal } from './json-lines-journal';

const dir = mkdtempSync(join(tmpdir(), 'journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('JSON-lines journal', () => {
  it('reads back what was appended, in order, after a reopen', () => {
    const file = join(dir, 'a.jsonl');
    const first = JsonLinesJournal.open<{ n: number; text: string }>(file);
    expect(first.records).toEqual([]);
    first.journal.append({ n: 1, text: 'Müller "quoted"\nnext line' });
    first.journal.append({ n: 2, text: '🙂' });
    first.journal.close();
    expect(JsonLinesJournal.open(file).records).toEqual([
      { n: 1, text: 'Müller "quoted"\nnext line' },
      { n: 2, text: '🙂' },
    ]);
  });

  it('cuts a last line torn by a crash, so the next record starts on a line of its own', () => {
    const file = join(dir, 'b.jsonl');
    writeFileSync(file, '{"n":1}\n');
    appendFileSync(file, '{"n":2,"te'); // the process died mid-append
    const opened = JsonLinesJournal.open<{ n: number }>(file);
    expect(opened.records).toEqual([{ n: 1 }]);
    opened.journal.append({ n: 3 });
    opened.journal.close();
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":3}\n');
  });

  it('refuses to append once closed, instead of losing the record silently', () => {
    const opened = JsonLinesJournal.open<{ n: number }>(join(dir, 'c.jsonl'));
    opened.journal.close();
    expect(() => opened.journal.append({ n: 1 })).toThrow(/closed/);
  });
});
