import { createRequire } from 'node:module';
import { z } from 'zod';
import { distance } from './find-address';
import { fold } from './notice-lines';

/**
 * The German postal codes and the town each names (issue #47 item 2: "a read address corrected only where
 * the platform's or a packaged gazetteer's spelling agrees"). The data is OpenGeoDB's, as the npm package
 * `zip-to-city` ships it (MIT; 8,289 codes, one town each): read once, from the package, when a letter's
 * address is first checked. OCR reading German with English (`deu+eng`, `eng`) drops umlauts ("München" →
 * "Munchen"): where the letter's postal code names a town whose spelling agrees with the read one, the
 * town is taken in the gazetteer's spelling.
 */
const GazetteerSchema = z.array(z.object({ zip: z.string().regex(/^\d{5}$/), city: z.string().min(1) }));

let towns: Map<string, string> | undefined;

function load(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const rows = GazetteerSchema.parse(require('zip-to-city/germany.json'));
  return new Map(rows.map((r) => [r.zip, r.city]));
}

/** The town a German postal code names, if the gazetteer knows the code. */
export function townOfPostalCode(postalCode: string): string | undefined {
  if (!/^\d{5}$/.test(postalCode)) return undefined;
  towns ??= load();
  return towns.get(postalCode);
}

/**
 * The gazetteer's spelling of `readTown` when the postal code's town agrees with it: equal once folded (case,
 * accents, ß), or one letter off in a name of five letters or more (an OCR slip); else undefined.
 */
export function confirmedTown(postalCode: string, readTown: string): string | undefined {
  const town = townOfPostalCode(postalCode);
  if (!town) return undefined;
  const a = fold(town).toLowerCase().replace(/\s+/g, ' ').trim();
  const b = fold(readTown).toLowerCase().replace(/\s+/g, ' ').trim();
  if (a === b) return town;
  return a.length >= 5 && distance(a, b) <= 1 ? town : undefined;
}
