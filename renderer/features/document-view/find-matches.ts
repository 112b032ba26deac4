/**
 * Find on page (issue #39 item 7): where a query occurs in the words read from the document's pages, as
 * boxes to mark on the page. Case- and accent-insensitive ("mueller" aside: "Müller" is found by
 * "muller" and "MÜLLER"; "Straße" by "strasse"); runs of spaces in the query match the gap between two
 * words, also across a line's end. Matches do not overlap and come in reading order, page by page.
 */
import type { Box } from '../../../shared/domain/suggestions';
import type { PageWord } from '../../../shared/domain/page-words';

export interface FindPage {
  /** 0-based. */
  page: number;
  words: readonly PageWord[];
  /** A turned page (words run turned): a match marks its whole words, not a part of one. */
  rotation?: number;
}

export interface FindMatch {
  /** 0-based. */
  page: number;
  /** One box per word the match touches (the matched part of it where the page lies upright). */
  boxes: Box[];
}

/** One character as find compares it: no accents, lower case, ß as ss, ligatures spelt out (ﬁ → fi). */
export function foldForFind(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss');
}

/** The query as compared: folded, spaces collapsed, trimmed; empty finds nothing. */
export function findQuery(query: string): string {
  return foldForFind(query).replace(/\s+/g, ' ').trim();
}

/** For each folded character: the word it came from and its place in the word (-1: the gap between words). */
interface Origin {
  word: number;
  char: number;
}

function haystackOf(words: readonly PageWord[]): { text: string; origins: Origin[] } {
  let text = '';
  const origins: Origin[] = [];
  words.forEach((w, word) => {
    if (word > 0) {
      text += ' ';
      origins.push({ word: -1, char: -1 });
    }
    Array.from(w.text).forEach((c, char) => {
      // A space inside a word (a PDF's run) is a gap too, one like any other.
      const folded = /\s/.test(c) ? ' ' : foldForFind(c);
      for (const f of folded) {
        text += f;
        origins.push({ word, char });
      }
    });
  });
  return { text, origins };
}

function boxesOf(words: readonly PageWord[], origins: Origin[], whole: boolean): Box[] {
  const spans = new Map<number, { from: number; to: number }>();
  for (const o of origins) {
    if (o.word < 0) continue;
    const s = spans.get(o.word);
    if (s) s.to = Math.max(s.to, o.char + 1);
    else spans.set(o.word, { from: o.char, to: o.char + 1 });
  }
  return [...spans].map(([i, { from, to }]) => {
    const w = words[i]!;
    const length = Array.from(w.text).length;
    if (whole || length === 0) return w.box;
    return { x: w.box.x + (w.box.w * from) / length, y: w.box.y, w: (w.box.w * (to - from)) / length, h: w.box.h };
  });
}

export function findMatches(pages: readonly FindPage[], query: string): FindMatch[] {
  const q = findQuery(query);
  if (!q) return [];
  const matches: FindMatch[] = [];
  for (const p of pages) {
    const { text, origins } = haystackOf(p.words);
    const whole = (p.rotation ?? 0) !== 0;
    for (let at = text.indexOf(q); at >= 0; at = text.indexOf(q, at + q.length)) {
      matches.push({ page: p.page, boxes: boxesOf(p.words, origins.slice(at, at + q.length), whole) });
    }
  }
  return matches;
}

/** The match after (step 1) or before (step −1) the current one, round the ends. */
export function stepMatch(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return 0;
  return (((current + step) % count) + count) % count;
}
