/**
 * `intake-agent case-draft`'s own output scored as the blind bench scores its drafts (issue #47: the bench
 * and case-draft must give the same figures):
 *   npx tsx bench/blind-scans.ts --set d --out DIR
 *   intake-agent case-draft DIR/*.pdf --sandbox --as-of 2026-12-07 --ocr-languages deu > drafts.jsonl
 *   npx tsx bench/blind-case-draft-score.ts drafts.jsonl [--compare RESULTS.jsonl]
 * Each line's file is `<set>-<id>.pdf` (blind-scans.ts --out names them so); its fields are scored against
 * the letter's truth.json with blind-letter-score.ts, and the table per set and field printed as the bench
 * prints it, with the as-of day the lines state (lines of different days are refused: their figures could
 * differ). --compare: the bench's per-letter results (`--results`); every field's state and value must be
 * the same, and the differences are listed.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import type { DraftField } from '../electron/core/notice-of-loss/draft-fields';
import type { BlindSet } from '../electron/core/notice-of-loss/test-support/blind-letters';
import { BLIND_SETS, blindLetters, TRUTH_PATHS } from '../electron/core/notice-of-loss/test-support/blind-letters';
import { scoreLetter } from './blind-letter-score';
import type { SetResult } from './blind-notice-run';
import { emptyTally, merge, printTables, summaryOf } from './blind-notice-run';

interface DraftLine {
  file: string;
  asOf?: string;
  fields?: DraftField[];
  error?: string;
}

export function scoreDraftLines(lines: readonly DraftLine[]) {
  const days = new Set(lines.map((l) => l.asOf));
  if (days.size !== 1 || [...days][0] === undefined)
    throw new Error(`the lines must all state one as-of day, not ${[...days].join(', ')}`);
  const bySet = new Map<BlindSet, SetResult>();
  const letters = new Map<string, ReturnType<typeof blindLetters>[number]>(
    BLIND_SETS.flatMap((s) => blindLetters(s).map((l) => [`${s}-${l.id}`, l] as const)),
  );
  const perLetter = new Map<string, DraftField[]>();
  for (const line of lines) {
    const key = basename(line.file).replace(/\.pdf$/, '');
    const letter = letters.get(key);
    if (!letter) throw new Error(`${line.file}: not a blind letter's scan (<set>-<id>.pdf)`);
    const r =
      bySet.get(letter.set) ??
      ({
        set: letter.set,
        letters: 0,
        tally: emptyTally(),
        actions: 0,
        actionsTakeAll: 0,
        given: 0,
        unreadable: 0,
      } as SetResult);
    bySet.set(letter.set, r);
    r.letters++;
    if (line.error) r.unreadable++;
    const fields = line.fields ?? [];
    perLetter.set(key, fields);
    const scored = scoreLetter(fields, letter.truth.fields);
    for (const p of TRUTH_PATHS) {
      r.tally[p][scored.outcomes[p]]++;
      if ((letter.truth.fields[p] ?? null) !== null) r.given++;
    }
    r.actions += scored.actions;
    r.actionsTakeAll += scored.actionsTakeAll;
  }
  return { asOf: [...days][0]!, results: [...bySet.values()], perLetter };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: args, positionals } = parseArgs({
    options: { compare: { type: 'string' } },
    allowPositionals: true,
  });
  const lines = readFileSync(positionals[0]!, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as DraftLine);
  const { asOf, results, perLetter } = scoreDraftLines(lines);
  console.log(`case-draft lines as of ${asOf}`);
  printTables(results);
  console.log(JSON.stringify({ asOf, sets: results.map(summaryOf), all: summaryOf(merge(results)) }));
  if (args.compare) {
    const bench = readFileSync(args.compare, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { set: string; id: string; fields: DraftField[]; asOf?: string });
    let differ = 0;
    const norm = (f: DraftField[]) =>
      JSON.stringify([...f].sort((a, b) => a.path.localeCompare(b.path)).map((x) => [x.path, x.value, x.state]));
    for (const b of bench) {
      const mine = perLetter.get(`${b.set}-${b.id}`);
      if (!mine) continue;
      if (b.asOf !== undefined && b.asOf !== asOf) throw new Error(`the bench's results are as of ${b.asOf}`);
      if (norm(mine) !== norm(b.fields)) {
        differ++;
        console.log(`${b.set}/${b.id} differs:\n  case-draft ${norm(mine)}\n  bench      ${norm(b.fields)}`);
      }
    }
    console.log(`compared with the bench: ${perLetter.size} letters, ${differ} differ`);
  }
}
