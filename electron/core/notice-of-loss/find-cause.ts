/**
 * The cause of loss from the letter's words. Each cause has words that name it (weight 3: the word says the
 * cause; 1: it hints at it); the cause with the highest sum wins when it clearly leads. It becomes one of the
 * schema's own enum values through the words that name each cause in an option's text (CAUSE_OPTION_WORDS).
 */
import type { NoticeLine, Place } from './notice-lines';
import { placeOf, plain } from './notice-lines';

export const CAUSES = ['water', 'storm', 'hail', 'fire', 'burglary', 'glass'] as const;
export type Cause = (typeof CAUSES)[number];

/** Words in the letter (regular expressions over lower-case text), with their weight. */
export const CAUSE_WORDS: Record<Cause, [RegExp, number][]> = {
  water: [
    [
      /leitungswasser|rohrbruch|wasserrohr|burst (water )?pipe|pipe (had )?burst|water pipe|leaking pipe|wasserschaden|water damage/u,
      3,
    ],
    [/\bwasser|\bwater\b|undicht|ausgelaufen|leak|geplatzt|uberschwemm|flooded/u, 1],
  ],
  storm: [
    [/\bsturm|sturmschaden|orkan|\bstorm\b|windstorm|\bgale\b|storm damage/u, 3],
    [/\bwind|boe|gust|abgedeckt|umgesturzt|blown/u, 1],
  ],
  hail: [
    [/\bhagel|\bhail/u, 3],
    [/hagelkorner|hailstones/u, 1],
  ],
  fire: [
    [/\bfeuer|\bbrand\b|brandschaden|\bfire\b|\bblaze|abgebrannt|burnt down/u, 3],
    [/\brauch|smoke|flammen|flames|\bruss?\b|soot/u, 1],
  ],
  burglary: [
    [/einbruch|eingebrochen|burglary|break-in|broke into|broken into|burgled|einbrecher|burglars?/u, 3],
    [/gestohlen|stolen|diebstahl|theft|aufgebrochen|forced open|aufgehebelt/u, 1],
  ],
  glass: [
    [
      /glasbruch|glass breakage|broken glass|fensterscheibe|window pane|scheibe .*(gesprungen|zerbrochen|zersprungen)|(zerbrochen|gesprungen)e? scheibe|shattered/u,
      3,
    ],
    [/\bglas|\bglass|scheibe|\bpane\b|cracked/u, 1],
  ],
};

/** Words that name a cause in an enum option of the platform's schema (its value or title). */
export const CAUSE_OPTION_WORDS: Record<Cause, RegExp> = {
  water: /leitungswasser|wasser|water|pipe|leak/u,
  storm: /sturm|storm|wind/u,
  hail: /hagel|hail/u,
  fire: /feuer|brand|fire/u,
  burglary: /einbruch|burglary|theft|diebstahl/u,
  glass: /glas|glass/u,
};

export interface CauseChoice {
  cause: Cause;
  raw: string;
  at: Place;
  confidence: number;
}

/** Lines that are not the letter's account (addresses, labels of a header) are read too: forms name it there. */
export function findCause(lines: readonly NoticeLine[]): CauseChoice | undefined {
  const score = new Map<Cause, number>();
  const first = new Map<Cause, { raw: string; at: Place; weight: number }>();
  for (const line of lines) {
    const low = plain(line.text);
    for (const cause of CAUSES)
      for (const [re, weight] of CAUSE_WORDS[cause]) {
        const g = new RegExp(re.source, 'gu');
        for (const m of low.matchAll(g)) {
          score.set(cause, (score.get(cause) ?? 0) + weight);
          const seen = first.get(cause);
          if (!seen || seen.weight < weight) {
            const start = m.index ?? 0;
            first.set(cause, {
              raw: line.text.slice(start, start + m[0].length),
              at: placeOf(line, start, start + m[0].length),
              weight,
            });
          }
        }
      }
  }
  const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]);
  const top = ranked[0];
  if (!top) return undefined;
  const second = ranked[1]?.[1] ?? 0;
  const where = first.get(top[0])!;
  // Sure when a naming word was read and no other cause comes near.
  const confidence = where.weight >= 3 && top[1] >= 2 * second + 1 ? 0.9 : 0.5;
  return { cause: top[0], raw: where.raw, at: where.at, confidence };
}
