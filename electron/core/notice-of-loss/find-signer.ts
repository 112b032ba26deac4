/**
 * Whether the letter is signed by the policyholder (issue #47): the case's claimant is whoever signs the
 * notice, and a manager, a tenant, a relative or a lawyer often writes for the insured. The policyholder's
 * name (from the platform) is the claimant's only when it stands where a letter is signed — under the
 * closing (Mit freundlichen Grüßen, Kind regards), beside a form's signature, or as an e-mail's sender —
 * and nothing in the letter says it is written for someone else.
 */
import type { NoticeLine } from './notice-lines';
import { plain } from './notice-lines';

const CLOSING =
  /^(mit (freundlichen|besten|herzlichen) grus|freundliche grus|viele grus|beste grus|herzliche grus|liebe grus|hochachtungsvoll|gruss|grusse|kind regards|best regards|regards|yours (sincerely|faithfully|truly)|sincerely|many thanks|thanks|with thanks|best wishes)/u;
const SIGNATURE_LABEL = /(unterschrift|signature|signed)/u;
const SENDER = /^(from|von|absender)\s*:/u;

/** Words that say the letter is written for someone else (as their manager, tenant, lawyer or relative). */
const FOR_SOMEONE_ELSE =
  /(im auftrag|\bi\.\s?a\.|on behalf|in vollmacht|namens und|unser(e|em|en|es)? mandant|our client|my client|writing for|schreibe (ich )?(fur|im namen)|im namen (meiner|meines|unserer|unseres|von)|as (the )?(tenant|property manager|managing agent|letting agent|facility manager)|als (mieter|verwalter|hausverwaltung|beauftragte|bevollmachtigte))/u;

/** The surname in a folded, letters-only form OCR slips least on ("Müller" → "muller", "Løkke" → "lokke"). */
const letters = (s: string) =>
  plain(s)
    .replace(/[øØ]/g, 'o')
    .replace(/[æÆ]/g, 'ae')
    .replace(/ð/g, 'd')
    .replace(/[^a-z]/g, '');

/**
 * The first signature the letter has decides (a quoted or forwarded message below it has its own): under
 * the first closing, beside the first signature label, or the first e-mail sender.
 */
export function signedBy(lines: readonly NoticeLine[], fullName: string): boolean {
  const parts = fullName.trim().split(/\s+/);
  const surname = letters(parts.pop() ?? '');
  if (surname.length < 3) return false;
  const given = parts.length > 0 ? letters(parts[0]!) : '';
  const all = lines.map((l) => plain(l.text));
  if (all.some((t) => FOR_SOMEONE_ELSE.test(t))) return false;
  const names = (i: number) =>
    letters(all[i] ?? '').includes(surname) && givenNameFits(lines[i]?.text ?? '', surname, given);
  for (const [i, t] of all.entries()) {
    // Under the closing: the next three lines (a scribble, the typed name, a title).
    if (CLOSING.test(t.trim())) return [i + 1, i + 2, i + 3].some(names);
    // A form's signature line, or the name on the line above or below its label.
    if (SIGNATURE_LABEL.test(t)) return [i, i + 1, i - 1].some(names);
    // An e-mail's sender.
    if (SENDER.test(t.trim())) return names(i);
  }
  return false;
}

/**
 * The word before the signature's surname is no other given name: a son, a nephew or a wife signs with the
 * same surname and another given name ("Sven Müller" for "Jörg Müller"), and then the letter is not the
 * policyholder's. The policyholder's given name, an initial ("J. Müller", "Th. Maier"; OCR makes "9." or "SS,"
 * of a handwritten one, so two letters or fewer count as one), a title or nothing before it all fit.
 */
function givenNameFits(line: string, surname: string, given: string): boolean {
  if (!given) return true;
  const words = line.split(/\s+/).filter(Boolean);
  for (const [i, w] of words.entries()) {
    if (letters(w) !== surname || i === 0) continue;
    const before = words[i - 1]!;
    const name = letters(before);
    if (name.length <= 2 || before.includes('.') || TITLES.has(name) || name === given) continue;
    if (/^\p{Lu}/u.test(before)) return false;
  }
  return true;
}

/** Words before a name that are no given name. */
const TITLES = new Set(['herr', 'herrn', 'frau', 'prof', 'mrs', 'miss', 'dipl', 'ing', 'familie', 'family']);
