/**
 * How often each kind of evidence gave the right value on a blind set (issue #47 item 3), from the per-letter
 * results of the blind bench (`bench/notice-of-loss.ts --set blind-a --results FILE`):
 *   npx tsx bench/blind-evidence.ts FILE
 * Per field and evidence kind (notice-of-loss/fill-evidence.ts names them): how many values it gave, how many
 * of them equal the truth (whether they were filled or offered: the question is whether they could be
 * filled), and whether fill-evidence.ts fills it. A kind is filled only where it was right in ≥ 99 % of set
 * A, the set the rules are tuned on; run it on set A only (the held-out sets' letters are not looked at).
 */
import { readFileSync } from 'node:fs';
import type { TruthPath } from '../electron/core/notice-of-loss/test-support/blind-letters';
import { blindLetters, TRUTH_PATHS } from '../electron/core/notice-of-loss/test-support/blind-letters';
import type { BlindSet } from '../electron/core/notice-of-loss/test-support/blind-letters';
import { sameValue } from './blind-letter-score';

interface ResultLine {
  set: BlindSet;
  id: string;
  values: Array<{ path: string; value: string | number; filled: boolean; evidence?: string }>;
}

export function evidenceTable(lines: readonly ResultLine[]) {
  const truths = new Map<string, Record<string, string | number | null>>();
  const rows = new Map<string, { path: string; evidence: string; n: number; right: number; filled: number }>();
  for (const line of lines) {
    const key = `${line.set}/${line.id}`;
    if (!truths.has(key)) for (const l of blindLetters(line.set)) truths.set(`${l.set}/${l.id}`, l.truth.fields);
    const truth = truths.get(key)!;
    for (const v of line.values) {
      if (!(TRUTH_PATHS as readonly string[]).includes(v.path)) continue;
      const want = truth[v.path] ?? null;
      const evidence = v.evidence ?? '(none)';
      const row = rows.get(`${v.path} ${evidence}`) ?? { path: v.path, evidence, n: 0, right: 0, filled: 0 };
      row.n++;
      if (want !== null && sameValue(v.path as TruthPath, v.value, want)) row.right++;
      if (v.filled) row.filled++;
      rows.set(`${v.path} ${evidence}`, row);
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      TRUTH_PATHS.indexOf(a.path as TruthPath) - TRUTH_PATHS.indexOf(b.path as TruthPath) ||
      a.evidence.localeCompare(b.evidence),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lines = readFileSync(process.argv[2]!, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as ResultLine);
  console.log('| field | evidence | values | right | right % | filled |');
  console.log('|---|---|---|---|---|---|');
  for (const r of evidenceTable(lines))
    console.log(
      `| ${r.path} | ${r.evidence} | ${r.n} | ${r.right} | ${((100 * r.right) / r.n).toFixed(0)} % | ${r.filled} |`,
    );
}
