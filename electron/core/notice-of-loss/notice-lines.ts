/**
 * The letter's text as lines: each line's words joined by one space, with where each word starts, so a
 * match in the string maps back to the words' place on the page (for the page mark beside a value).
 */
import type { Box } from '../../../shared/domain/suggestions';
import type { PageText, TextWord } from '../suggestions/page-text';
import { unionBox } from '../suggestions/page-text';

export interface NoticeLine {
  page: number;
  /** Index of the line over the whole letter (page order). */
  index: number;
  text: string;
  words: TextWord[];
  starts: number[];
}

export function noticeLines(pages: readonly PageText[]): NoticeLine[] {
  const out: NoticeLine[] = [];
  for (const page of pages)
    for (const words of page.lines) {
      const starts: number[] = [];
      let text = '';
      for (const w of words) {
        if (text) text += ' ';
        starts.push(text.length);
        text += w.text;
      }
      if (text.trim()) out.push({ page: page.page, index: out.length, text, words, starts });
    }
  return out;
}

/** The box of the words covering characters [start, end) of the line. */
export function boxOf(line: NoticeLine, start: number, end: number): Box | undefined {
  return unionBox(
    line.words.filter((w, i) => line.starts[i]! < end && line.starts[i]! + w.text.length > start).map((w) => w.box),
  );
}

/** Where a value was read: page and box of its words. */
export interface Place {
  page: number;
  line: number;
  box?: Box;
}

export function placeOf(line: NoticeLine, start: number, end: number): Place {
  const box = boxOf(line, start, end);
  return { page: line.page, line: line.index, ...(box ? { box } : {}) };
}

/**
 * Lower case without accents (ä → a, ß → ss), typographic quotes and dashes made plain: OCR without a German
 * model reads "Schadenhöhe" as "Schadenhohe", so every word list here is written in this folded form. The
 * length stays the same except for ß, so offsets are taken from a string folded the same way.
 */
export function plain(text: string): string {
  return fold(text)
    .toLowerCase()
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/[„“”‚‘’]/g, '"');
}

/** Accents removed character by character (same length; ß → s), so positions in it are positions in `text`. */
export function fold(text: string): string {
  return [...text].map((c) => (c === 'ß' ? 's' : c.normalize('NFD').replace(/[\u0300-\u036f]/g, '') || c)).join('');
}
