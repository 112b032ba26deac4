/**
 * How many words two readings share, each word counted as often as it occurs in both (a multiset
 * intersection): the benches' measure of words kept or found, independent of order.
 */
export function commonWords(a: readonly string[], b: readonly string[]): number {
  const left = new Map<string, number>();
  for (const w of a) left.set(w, (left.get(w) ?? 0) + 1);
  let n = 0;
  for (const w of b) {
    const k = left.get(w) ?? 0;
    if (k > 0) {
      n++;
      left.set(w, k - 1);
    }
  }
  return n;
}
