/**
 * The description: the letter's sentences about the damage. The body is split into sentences; a sentence
 * counts when it names the damage (a cause word, Schaden/damage, beschädigt/damaged …) and is not a header
 * line (a label with a value), a salutation, a greeting or a request. Trimmed at a word to the schema's
 * maxLength.
 */
import { namesCause } from './find-cause';
import type { NoticeLine, Place } from './notice-lines';
import { placeOf, plain } from './notice-lines';

const DAMAGE =
  /(schaden|schaden|beschadigt|zerstort|kaputt|damage|damaged|destroyed|ruined|soaked|durchnasst|nass|wet|betroffen|affected)/u;
const SKIP =
  /^(sehr geehrte|dear|mit freundlichen|yours|kind regards|best regards|freundliche gruse|bitte|please|wir bitten|i would|ich bitte|anlage|enclos|fur ruckfragen|if you have)/u;
/** "Label: value" header lines and form labels are not the account. */
const LABEL_LINE = /^[\p{L} ./()-]{2,40}:\s*\S/u;

export interface FoundDescription {
  text: string;
  at: Place;
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[\p{Lu}„"])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function findDescription(lines: readonly NoticeLine[]): FoundDescription | undefined {
  // Paragraphs: a short line (a header line, a salutation, a paragraph's last line) ends one; the lines of
  // a paragraph run to the right margin and are joined (a word broken at a hyphen is put together).
  const body = lines.filter((l) => !LABEL_LINE.test(l.text.trim()) || l.text.length > 90);
  const widest = Math.max(0, ...body.map((l) => l.text.length));
  const paragraphs: string[] = [];
  let current = '';
  for (const l of body) {
    current = current ? `${current} ${l.text.trim()}` : l.text.trim();
    if (l.text.length < widest * 0.6) {
      paragraphs.push(current);
      current = '';
    }
  }
  if (current) paragraphs.push(current);
  const all = paragraphs.flatMap((p) => sentences(p.replace(/(\p{Ll})-\s(?=\p{Ll})/gu, '$1')));
  const picked = all.filter((s) => {
    const low = plain(s);
    if (SKIP.test(low) || s.split(/\s+/).length < 5) return false;
    return DAMAGE.test(low) || namesCause(s);
  });
  if (picked.length === 0) return undefined;
  const firstWords = plain(picked[0]!).split(/\s+/).slice(0, 3).join(' ');
  const line = body.find((l) => plain(l.text).includes(firstWords)) ?? body[0]!;
  return { text: picked.join(' '), at: placeOf(line, 0, line.text.length) };
}

/** Cut to at most `max` characters, at a word where possible. */
export function trimTo(text: string, max: number | undefined): string {
  if (max === undefined || text.length <= max) return text;
  const cut = text.slice(0, Math.max(0, max - 1));
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${atWord.length > max / 2 ? atWord : cut}…`;
}
