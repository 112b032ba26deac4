/**
 * Code 128 (ISO/IEC 15417) for the sheets the app prints (issue #38 item 7): the bars of a text, as module
 * widths, so the PDF writer can draw them as rectangles at any module size. Code set B carries printable
 * ASCII; a run of digits goes into code set C (two digits per symbol), which keeps a case number such as
 * CLM-2026-000101 short enough to stay wide-barred on an A4 page. Checked against zxing-wasm, the reader
 * capture itself uses (code128.test.ts).
 */

/** Bar/space widths of the 107 symbols (values 0–105, then the stop pattern with its final bar). */
const PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
] as const;

const START_B = 104;
const START_C = 105;
const CODE_B = 100;
const CODE_C = 99;
const STOP = 106;

/** The longest text a sheet carries: a case number or a separator value, never a paragraph. */
export const CODE128_MAX_LENGTH = 80;

export class Code128Error extends Error {}

/** Digits from `i` on. */
function digitRun(text: string, i: number): number {
  let n = 0;
  while (i + n < text.length && text.charCodeAt(i + n) >= 48 && text.charCodeAt(i + n) <= 57) n++;
  return n;
}

/**
 * The symbol values of `text` (start, data, check; no stop). Code C for a run of at least 4 digits at the
 * start or end, or 6 in the middle (where switching there and back costs two symbols); an odd run leaves its
 * first digit in code B.
 */
export function code128Values(text: string): number[] {
  if (text.length === 0) throw new Code128Error('Code 128: nothing to encode.');
  if (text.length > CODE128_MAX_LENGTH)
    throw new Code128Error(`Code 128: longer than ${CODE128_MAX_LENGTH} characters.`);
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 32 || c > 126) throw new Code128Error(`Code 128: "${ch}" is not a printable ASCII character.`);
  }
  const values: number[] = [];
  let set: 'B' | 'C' | undefined;
  let i = 0;
  while (i < text.length) {
    const run = digitRun(text, i);
    const atEdge = i === 0 || i + run === text.length;
    const worthC = run >= (atEdge ? 4 : 6);
    if (set === 'C' && run >= 2) {
      values.push(Number(text.slice(i, i + 2)));
      i += 2;
      continue;
    }
    if (set !== 'C' && worthC && run % 2 === 0) {
      values.push(set === undefined ? START_C : CODE_C);
      set = 'C';
      continue;
    }
    if (set !== 'B') {
      values.push(set === undefined ? START_B : CODE_B);
      set = 'B';
    }
    values.push(text.charCodeAt(i) - 32);
    i++;
  }
  let check = values[0]!;
  for (let k = 1; k < values.length; k++) check += k * values[k]!;
  values.push(check % 103);
  return values;
}

/**
 * Module widths, alternating bar, space, bar … (starting and ending with a bar), quiet zones not included
 * (10 modules each side are the sheet writer's).
 */
export function code128Widths(text: string): number[] {
  const widths: number[] = [];
  for (const v of [...code128Values(text), STOP]) for (const w of PATTERNS[v]!) widths.push(Number(w));
  return widths;
}

/** Modules of the symbol without quiet zones (11 per symbol, 13 for the stop). */
export function code128Modules(text: string): number {
  return code128Widths(text).reduce((a, b) => a + b, 0);
}
