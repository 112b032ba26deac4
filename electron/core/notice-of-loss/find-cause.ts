/**
 * The cause of loss from the letter's words (issue #47: whole words and German compounds, never a match
 * inside another word: "wind" is not in "window", "gust" not in "August", "Hagel" not in "Hagelberger
 * Straße"). Each cause has stems that name it (weight 3) or hint at it (1); the cause with the highest sum
 * wins when it clearly leads. A form's row of printed options (Feuer [X] Leitungswasser [ ] Sturm …) counts
 * only for the option ticked in it. It becomes one of the schema's own enum values through the words that
 * name each cause in an option's text (CAUSE_OPTION_WORDS).
 */
import type { NoticeLine, Place } from './notice-lines';
import { placeOf, plain } from './notice-lines';

export const CAUSES = ['water', 'storm', 'hail', 'fire', 'burglary', 'glass', 'other'] as const;
export type Cause = (typeof CAUSES)[number];

/**
 * A stem and how it may stand in a word: `de` a German word or any part of a compound (Sturm, Sturmböe,
 * Wasserrohrbruch: at its start with a part of ≥ 3 letters or an ending after it, or as its last part);
 * `en` the whole word with an English ending (storm, storms, stormy); `phrase` words in a row.
 */
interface Stem {
  cause: Exclude<Cause, 'other'>;
  weight: 3 | 1;
  de?: string;
  en?: string;
  phrase?: RegExp;
}

const S = (cause: Stem['cause'], weight: 3 | 1, de: string[], en: string[], phrases: RegExp[] = []): Stem[] => [
  ...de.map((d) => ({ cause, weight, de: d })),
  ...en.map((e) => ({ cause, weight, en: e })),
  ...phrases.map((phrase) => ({ cause, weight, phrase })),
];

export const CAUSE_STEMS: Stem[] = [
  ...S(
    'water',
    3,
    ['leitungswasser', 'rohrbruch', 'wasserrohr', 'wasserschaden'],
    [],
    [
      /schlauch\p{L}* (ist |war )?(geplatzt|gerissen|undicht)/u,
      /(geplatzt|gerissen)\p{L}* (wasser|zulauf)?schlauch/u,
      /\b(burst|broken|leaking|split) (water |heating )?pipe/u,
      /\bpipe (had )?(burst|split|broke)/u,
      /\bwater damage/u,
    ],
  ),
  ...S(
    'water',
    1,
    ['wasser', 'undicht', 'ausgelaufen', 'ubergelaufen', 'durchnasst', 'geplatzt'],
    ['water', 'leak', 'flooded', 'flood', 'leaking', 'soaked'],
  ),
  ...S('storm', 3, ['sturm', 'orkan', 'sturmboe', 'orkanboe', 'windboe'], ['storm', 'windstorm', 'gale', 'hurricane']),
  ...S('storm', 1, ['wind', 'boe', 'abgedeckt', 'umgesturzt'], ['wind', 'gust', 'gusts', 'windy', 'blown']),
  ...S('hail', 3, ['hagel'], ['hail', 'hailstorm', 'hailstones']),
  ...S('fire', 3, ['feuer', 'brand', 'brandschaden', 'abgebrannt'], ['fire', 'blaze'], [/\bburnt down/u]),
  ...S(
    'fire',
    1,
    ['rauch', 'russ', 'flammen', 'verbrannt', 'verkohlt'],
    ['smoke', 'flames', 'soot', 'burnt', 'burned'],
  ),
  ...S(
    'burglary',
    3,
    ['einbruch', 'eingebrochen', 'einbrecher'],
    ['burglary', 'burglar', 'burglars', 'burgled'],
    [/\bbreak-?in\b/u, /\bbroke (in|into)\b/u, /\bbroken into\b/u],
  ),
  ...S(
    'burglary',
    1,
    ['gestohlen', 'diebstahl', 'entwendet', 'aufgebrochen', 'aufgehebelt'],
    ['stolen', 'theft', 'thief', 'thieves'],
    [/\bforced (open|the)\b/u],
  ),
  ...S(
    'glass',
    3,
    ['glasbruch', 'fensterscheibe', 'glasscheibe'],
    [],
    [/\bglass breakage/u, /\bbroken glass/u, /\bwindow panes?\b/u],
  ),
  ...S(
    'glass',
    1,
    ['glas', 'scheibe', 'gesprungen', 'zersprungen', 'sprung'],
    ['glass', 'pane', 'panes', 'shattered', 'cracked'],
  ),
];

/** Words that begin like a cause but are not one (the fire brigade's, a town, a windscreen's name). */
const NOT_A_CAUSE =
  /^(feuerwehr|feuerloscher|feuerzeug|brandenburg|brandt|brandung|brandschutz|windschutz|windel|windhund|windows?|rauchmelder|rauchwarnmelder|glaser|wassermann)/u;
/** A street's name ("Hagelberger Straße", "Sturmweg") says nothing about the loss. */
const STREET_WORD = /(strasse|strase|str|weg|gasse|allee|platz|ring|damm|ufer|chaussee|street|road|lane)$/u;
const GERMAN_ENDINGS = new Set(['', 'e', 'en', 'es', 's', 'n', 'er', 'ern', 'ens']);
/**
 * What may follow a stem at a compound's start (Sturm|böe, Hagel|körner, Brand|schaden): a known part,
 * not any letters (Brand|stätter, a surname).
 */
const COMPOUND_PARTS =
  /^(s|es|n|en)?(schaden|boe|tief|flut|korn|schlag|bruch|rohr|leitung|schlauch|diebstahl|scheibe|nacht|regen|wetter|front|ereignis|stelle|geruch|gefahr|wasser|loch|spur|fleck|herd|ursache|einwirkung|wolke|sturm|zug|gang|fall|schutt|platte|tur|fullung|dach|wand|splitter|sprung|ruckstand|rest|warnung|saison)/u;
const ENGLISH_ENDINGS = new Set(['', 's', 'es', 'ed', 'ing', 'y']);

function stemIn(word: string, stem: Stem): boolean {
  if (stem.de) {
    const d = stem.de;
    if (word.startsWith(d)) {
      const rest = word.slice(d.length);
      return GERMAN_ENDINGS.has(rest) || COMPOUND_PARTS.test(rest);
    }
    // As a compound's last part (Wasserrohrbruch, Küchenbrand), with an ending.
    const at = word.lastIndexOf(d);
    return at >= 3 && GERMAN_ENDINGS.has(word.slice(at + d.length));
  }
  if (stem.en) return word.startsWith(stem.en) && ENGLISH_ENDINGS.has(word.slice(stem.en.length));
  return false;
}

/** Words that name a cause in an enum option of the platform's schema (its value or title). */
export const CAUSE_OPTION_WORDS: Record<Cause, RegExp> = {
  water: /leitungswasser|wasser|water|pipe|leak/u,
  storm: /sturm|storm|wind/u,
  hail: /hagel|hail/u,
  fire: /feuer|brand|fire/u,
  burglary: /einbruch|burglary|theft|diebstahl/u,
  glass: /glas|glass/u,
  other: /sonstig|other|andere/u,
};

/** Does this sentence name a cause outright (a weight-3 word)? For the description's choice of sentences. */
export function namesCause(text: string): boolean {
  return matches(plain(text)).some((m) => m.stem.weight === 3);
}

interface Match {
  stem: Stem;
  start: number;
  end: number;
}

function matches(low: string): Match[] {
  const out: Match[] = [];
  const words = [...low.matchAll(/\p{L}+/gu)];
  for (const [k, w] of words.entries()) {
    const word = w[0];
    if (NOT_A_CAUSE.test(word) || STREET_WORD.test(word)) continue;
    const next = words[k + 1]?.[0] ?? '';
    if (/^\p{L}/u.test(word) && STREET_WORD.test(next) && next.length <= 7) continue;
    for (const stem of CAUSE_STEMS)
      if (stemIn(word, stem)) out.push({ stem, start: w.index ?? 0, end: (w.index ?? 0) + word.length });
  }
  for (const stem of CAUSE_STEMS)
    if (stem.phrase)
      for (const m of low.matchAll(new RegExp(stem.phrase.source, 'gu')))
        out.push({ stem, start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  return out;
}

/** A form's options in a row: the labels a tick box stands before. */
const OPTION_LABELS: [RegExp, Cause][] = [
  [/^leitungswasser|^wasser|^water/u, 'water'],
  [/^sturm|^storm/u, 'storm'],
  [/^hagel|^hail/u, 'hail'],
  [/^feuer|^brand|^fire/u, 'fire'],
  [/^einbruch|^burglary|^diebstahl|^theft/u, 'burglary'],
  [/^glas|^glass/u, 'glass'],
];
/** A tick as OCR reads it before an option: X, [X], X], [x, ✓ (not a lone letter inside a word). */
const TICK = /(?:^|\s)[[(|]?\s?[xX✓✗☒]\s?[\])|]?\s+(?=\p{L})/gu;

/** The option ticked in a row of printed cause options (≥ 3 of them), as a cause (other when not one). */
function tickedOption(line: NoticeLine): { cause: Cause; start: number; end: number } | 'row' | undefined {
  const low = plain(line.text);
  const labels = [...low.matchAll(/\p{L}+/gu)].filter((w) => OPTION_LABELS.some(([re]) => re.test(w[0])));
  // A printed row has its boxes: [ ], |, _, or a letter OCR made of one (E], L]).
  if (labels.length < 3 || (low.match(/[[\]|_]/g) ?? []).length < 2) return undefined;
  for (const t of low.matchAll(TICK)) {
    const start = (t.index ?? 0) + t[0].length;
    const word = /^\p{L}+/u.exec(low.slice(start))?.[0] ?? '';
    const hit = OPTION_LABELS.find(([re]) => re.test(word));
    return { cause: hit ? hit[1] : 'other', start, end: start + word.length };
  }
  return 'row';
}

export interface CauseChoice {
  cause: Cause;
  raw: string;
  at: Place;
  confidence: number;
  evidence: 'cause-ticked' | 'cause-named' | 'cause-hinted';
}

/** Lines that are not the letter's account (addresses, labels of a header) are read too: forms name it there. */
export function findCause(lines: readonly NoticeLine[]): CauseChoice | undefined {
  const score = new Map<Cause, number>();
  const first = new Map<Cause, { raw: string; at: Place; weight: number }>();
  for (const line of lines) {
    const ticked = tickedOption(line);
    if (ticked === 'row') continue;
    if (ticked)
      return {
        cause: ticked.cause,
        raw: line.text.slice(ticked.start, ticked.end),
        at: placeOf(line, ticked.start, ticked.end),
        confidence: 0.5,
        evidence: 'cause-ticked',
      };
  }
  for (const line of lines) {
    if (tickedOption(line)) continue;
    const low = plain(line.text);
    for (const m of matches(low)) {
      const { cause, weight } = m.stem;
      score.set(cause, (score.get(cause) ?? 0) + weight);
      const seen = first.get(cause);
      if (!seen || seen.weight < weight)
        first.set(cause, { raw: line.text.slice(m.start, m.end), at: placeOf(line, m.start, m.end), weight });
    }
  }
  const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]);
  const top = ranked[0];
  if (!top) return undefined;
  const second = ranked[1]?.[1] ?? 0;
  const where = first.get(top[0])!;
  // Named: a naming word was read and no other cause comes near.
  const named = where.weight >= 3 && top[1] >= 2 * second + 1;
  return {
    cause: top[0],
    raw: where.raw,
    at: where.at,
    confidence: named ? 0.9 : 0.5,
    evidence: named ? 'cause-named' : 'cause-hinted',
  };
}
