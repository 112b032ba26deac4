/**
 * German letters made for the tests and the OCR bench (issue #46), not checked in: names, streets, towns
 * and ordinary words with umlauts and ß, typed in one of four faces (sans, serif, typewriter,
 * handwriting-like: the system's DejaVu and URW fonts, README's fonts-dejavu-core and fonts-urw-base35),
 * rendered through sharp/librsvg at 200 or 300 DPI, grey (blur, noise, a small skew) or bitonal (as a
 * scanner's black-and-white mode gives it), optionally turned. `words` is what is printed, word by word.
 */
import sharp from 'sharp';
import { prng } from '../../capture/test-support/synthetic-scan';

export type LetterFace = 'sans' | 'serif' | 'typewriter' | 'handwriting';
export const LETTER_FACES: readonly LetterFace[] = ['sans', 'serif', 'typewriter', 'handwriting'];

const FONT: Record<LetterFace, string> = {
  sans: 'DejaVu Sans',
  serif: 'Nimbus Roman',
  typewriter: 'Nimbus Mono PS',
  handwriting: 'Z003',
};

const FIRST = ['Jürgen', 'Hannelore', 'Björn', 'Käthe', 'Günther', 'Sören', 'Jörg', 'Bärbel', 'Uwe', 'Heike'];
const LAST = ['Müller', 'Weißmüller', 'Schröder', 'Köhler', 'Größer', 'Jäger', 'Bäumer', 'Krüger', 'Lößl', 'Hübner'];
const STREETS = [
  'Schloßstraße',
  'Lindenstraße',
  'Königsallee',
  'Mühlenweg',
  'Große Straße',
  'Brückenstraße',
  'Dürerplatz',
  'Gärtnerstraße',
];
const TOWNS = [
  ['50667', 'Köln'],
  ['40213', 'Düsseldorf'],
  ['80331', 'München'],
  ['97070', 'Würzburg'],
  ['90402', 'Nürnberg'],
  ['49074', 'Osnabrück'],
  ['66111', 'Saarbrücken'],
  ['72070', 'Tübingen'],
] as const;

/** Sentences of a letter about a water damage; a letter takes some of them in a seeded order. */
const SENTENCES = [
  'in der Küche unserer Wohnung ist am Dienstag ein Wasserschaden entstanden.',
  'Das Wasser lief aus einem undichten Schlauch der Spülmaschine über den Fußboden.',
  'Die Möbel im Flur und die Tür zum Badezimmer wurden dabei stark beschädigt.',
  'Ein Nachbar hat den Schaden bemerkt und sofort die Hausverwaltung benachrichtigt.',
  'Wir bitten Sie um Prüfung und um eine baldige Rückmeldung zur Regulierung.',
  'Fotos der Schäden sowie die Rechnung des Installateurs fügen wir diesem Schreiben bei.',
  'Für Rückfragen erreichen Sie uns werktags zwischen acht und siebzehn Uhr.',
  'Außerdem müssen die Wände im Schlafzimmer getrocknet und neu gestrichen werden.',
  'Der Gutachter wird die Höhe der Kosten nach seiner Besichtigung schätzen.',
];

/** The words of the letters' sentences, for pages of running German text (bench/ocr-native.ts). */
export const GERMAN_VOCABULARY: readonly string[] = [
  ...SENTENCES.flatMap((s) => s.replace(/[.,]/g, '').split(' ')),
  ...LAST,
  ...STREETS.flatMap((s) => s.split(' ')),
  ...TOWNS.map(([, town]) => town),
];

export interface GermanLetterSpec {
  seed: number;
  face: LetterFace;
  dpi: 200 | 300;
  /** Grey with blur and noise, or black and white as a scanner's bitonal mode writes it. */
  colour: 'grey' | 'bitonal';
  /** A quarter turn, as a sheet fed upside down or sideways. */
  turn?: 0 | 90 | 180 | 270;
}

export interface GermanLetter {
  lines: string[];
  /** Every printed word, punctuation stripped. */
  words: string[];
}

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

/** The words of a line as a reader compares them: split on spaces, punctuation at either end stripped. */
export function wordsOf(line: string): string[] {
  return line
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

/** Words with an umlaut or ß: the ones an English model misreads. */
export const hasUmlaut = (w: string): boolean => /[äöüÄÖÜß]/.test(w);

/** A letter's text: sender, addressee, date, subject, 6 sentences, greeting (~100 words, ~35 % with umlauts). */
export function germanLetter(seed: number): GermanLetter {
  const rnd = prng(46_000 + seed);
  const [zip, town] = pick(rnd, TOWNS);
  const [zip2, town2] = pick(rnd, TOWNS);
  const first = pick(rnd, FIRST);
  const last = pick(rnd, LAST);
  const street = pick(rnd, STREETS);
  const sentences = [...SENTENCES].sort(() => rnd() - 0.5).slice(0, 6);
  const lines = [
    `${first} ${last}, ${street} ${2 + Math.floor(rnd() * 60)}, ${zip} ${town}`,
    '',
    'Süddeutsche Versicherung AG',
    `Schadenabteilung, ${pick(rnd, STREETS)} ${1 + Math.floor(rnd() * 90)}`,
    `${zip2} ${town2}`,
    '',
    `${town}, den ${1 + Math.floor(rnd() * 28)}. März 2026`,
    '',
    `Schadenmeldung für ${first} ${last}`,
    '',
    'Sehr geehrte Damen und Herren,',
    ...sentences.flatMap((s) => wrap(s, 62)),
    '',
    'Mit freundlichen Grüßen',
    `${first} ${last}`,
  ];
  return { lines, words: lines.flatMap(wordsOf) };
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const w of text.split(' ')) {
    if (line && line.length + 1 + w.length > width) {
      out.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) out.push(line);
  return out;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The letter as a scanned A4 page (PNG that says its DPI). */
export async function germanLetterScan(letter: GermanLetter, spec: GermanLetterSpec): Promise<Buffer> {
  const { dpi } = spec;
  const width = Math.round(8.27 * dpi);
  const height = Math.round(11.69 * dpi);
  const rnd = prng(47_000 + spec.seed);
  const handwriting = spec.face === 'handwriting';
  // 11 pt type (15 pt for the handwriting-like face, which is small for its size).
  const size = ((handwriting ? 15 : 11) * dpi) / 72;
  const step = size * 1.5;
  const left = dpi * 0.9;
  const parts = [`<rect width="100%" height="100%" fill="white"/>`];
  letter.lines.forEach((line, i) => {
    if (!line) return;
    const dy = handwriting ? (rnd() - 0.5) * 0.02 * dpi : 0; // handwriting wanders off the line a little
    const y = dpi * 1.2 + i * step + dy;
    parts.push(
      `<text x="${left.toFixed(1)}" y="${y.toFixed(1)}" font-family="${FONT[spec.face]}" font-size="${size.toFixed(1)}">${esc(line)}</text>`,
    );
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
  const skew = (rnd() - 0.5) * 1.2;
  const flat = await sharp(Buffer.from(svg), { density: 72 })
    .flatten({ background: '#ffffff' })
    .rotate(skew, { background: '#ffffff' })
    .grayscale()
    .blur(spec.colour === 'grey' ? 0.4 + rnd() * 0.3 : 0.3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const data = flat.data;
  if (spec.colour === 'grey') {
    const noise = 10 + rnd() * 8;
    for (let i = 0; i < data.length; i++)
      data[i] = Math.max(0, Math.min(255, data[i]! + (rnd() + rnd() + rnd() - 1.5) * noise));
  } else {
    for (let i = 0; i < data.length; i++) data[i] = data[i]! < 150 ? 0 : 255;
  }
  let img = sharp(data, { raw: { width: flat.info.width, height: flat.info.height, channels: 1 } });
  if (spec.turn) img = sharp(await img.png().toBuffer()).rotate(spec.turn);
  return img.toColourspace('b-w').withMetadata({ density: dpi }).png({ compressionLevel: 3 }).toBuffer();
}

/**
 * How many of the printed words were read exactly, in order-free multiset terms (a word counts as often
 * as both sides hold it); `umlaut` the same for the words with an umlaut or ß.
 */
export function wordsRight(printed: readonly string[], read: readonly string[]): { all: number; umlaut: number } {
  const left = new Map<string, number>();
  for (const w of read.flatMap(wordsOf)) left.set(w, (left.get(w) ?? 0) + 1);
  let all = 0;
  let umlaut = 0;
  for (const w of printed) {
    const n = left.get(w) ?? 0;
    if (n === 0) continue;
    left.set(w, n - 1);
    all++;
    if (hasUmlaut(w)) umlaut++;
  }
  return { all, umlaut };
}
