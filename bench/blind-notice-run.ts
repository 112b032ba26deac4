/**
 * `npx tsx bench/notice-of-loss.ts --set blind-a|blind-b|blind-c|blind [--letters 001,002] [--jobs 2]
 * [--results FILE] [--as-of YYYY-MM-DD] [--ocr-languages L] [--text-cache DIR]` (issue #47): the case draft
 * on the blind letters' scans (test-support/blind-letters.ts, made and cached on first use), scored against
 * their truth.json (blind-letter-score.ts says how). The draft is made as `intake-agent case-draft` makes
 * it: notice-draft-service's draftFromDocument over the app's text service (OCR) and the local sandbox's
 * create-case schema and policy search, said as fields by draft-fields.ts. Prints a table per set and
 * field, then one JSON summary line.
 *
 * Two inputs that would otherwise come from the box are fixed and stated in the summary, so a figure can be
 * made again: the date the drafts are made as of (a policy's validity and the latest date of loss depend on
 * it; BLIND_AS_OF unless --as-of) and the OCR languages (BLIND_OCR_LANGUAGES unless --ocr-languages; the
 * station's locale would decide otherwise). --text-cache keeps the letters' text between runs (the OCR is
 * the slow part; a rule change needs no new read).
 */
import { writeFileSync } from 'node:fs';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createCasePorts } from '../electron/core/cases/platform-adapter';
import { SchemaCache } from '../electron/core/cases/schema-cache';
import type { DraftField } from '../electron/core/notice-of-loss/draft-fields';
import { draftFields } from '../electron/core/notice-of-loss/draft-fields';
import { draftFromDocument } from '../electron/core/notice-of-loss/notice-draft-service';
import type { BlindLetter, TruthPath } from '../electron/core/notice-of-loss/test-support/blind-letters';
import {
  blindLetters,
  blindScan,
  launchPrinter,
  TRUTH_PATHS,
} from '../electron/core/notice-of-loss/test-support/blind-letters';
import { DocumentTextService } from '../electron/core/suggestions/document-text';
import { systemClock } from '../electron/core/util/clock';
import { silentLogger } from '../electron/core/util/logger';
import { apiFor, sandboxFor, workDir } from './bench-support';
import type { Outcome } from './blind-letter-score';
import { scoreLetter } from './blind-letter-score';
import { setsOf } from './blind-scans';

/** The day the blind bench's drafts are made as of unless --as-of: the day of the first measurement. */
export const BLIND_AS_OF = '2026-12-07';
/**
 * The OCR languages unless --ocr-languages: a German office's default (shared/domain/ocr-languages.ts:
 * `deu` reads the English letters as `eng` does). The first measurement (2026-12-07 00:32) read `eng`, the
 * default of the box's C locale then.
 */
export const BLIND_OCR_LANGUAGES = 'deu';

export type Tally = Record<TruthPath, Record<Outcome, number>>;

export const emptyTally = (): Tally =>
  Object.fromEntries(TRUTH_PATHS.map((p) => [p, { right: 0, wrong: 0, offered: 0, empty: 0 }])) as Tally;

export interface SetResult {
  set: string;
  letters: number;
  tally: Tally;
  actions: number;
  /** The same with "use all offered" (blind-letter-score.ts). */
  actionsTakeAll: number;
  /** Values the letters give (truth not null). */
  given: number;
  unreadable: number;
}

export async function runBlind(args: {
  set: string;
  letters?: string;
  jobs: number;
  results?: string;
  asOf?: string;
  languages?: string;
  textCache?: string;
  /** No line per letter (a held-out set's letters are not looked at while rules are tuned). */
  quiet?: boolean;
}) {
  const only = args.letters?.split(',');
  const asOf = args.asOf ?? BLIND_AS_OF;
  const languages = args.languages ?? BLIND_OCR_LANGUAGES;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw new Error(`--as-of ${asOf}: not YYYY-MM-DD`);
  const dir = workDir('notice-blind');
  const sandbox = await sandboxFor(dir);
  const text = new DocumentTextService({
    dataDir: args.textCache ?? join(dir, 'data'),
    idleMs: 600_000,
    poolSize: args.jobs,
    languages,
  });
  let browser: Promise<Browser> | undefined;
  const load = [loadavg()[0]!];
  const started = performance.now();
  const perLetter: Array<{
    set: string;
    id: string;
    fields: DraftField[];
    outcomes: Record<TruthPath, Outcome>;
    /** Each value's kind of evidence, for bench/blind-evidence.ts. */
    values: Array<{ path: string; value: string | number; filled: boolean; evidence?: string }>;
  }> = [];
  const results: SetResult[] = [];
  try {
    const api = apiFor(sandbox, (u, i) => fetch(u, i));
    const schemas = new SchemaCache({
      platform: () => createCasePorts(api).platform,
      dir: join(dir, 'schemas'),
      clock: systemClock,
      logger: silentLogger,
    });
    const schema = () => schemas.get({ environmentId: 'bench', key: 'case-create', direction: 'input' });
    for (const set of setsOf(args.set)) {
      const letters = blindLetters(set).filter((l) => !only || only.includes(l.id));
      const result: SetResult = {
        set,
        letters: letters.length,
        tally: emptyTally(),
        actions: 0,
        actionsTakeAll: 0,
        given: 0,
        unreadable: 0,
      };
      const one = async (letter: BlindLetter) => {
        const file = await blindScan(letter, () => (browser ??= launchPrinter()));
        const draft = await draftFromDocument(
          { text, schema, platform: () => api, fileOf: () => file, now: () => Date.now(), asOf },
          file,
        );
        if (draft.values.length === 0 && draft.problems.length > 0) result.unreadable++;
        const fields = draftFields(draft);
        const scored = scoreLetter(fields, letter.truth.fields);
        for (const p of TRUTH_PATHS) {
          result.tally[p][scored.outcomes[p]]++;
          if ((letter.truth.fields[p] ?? null) !== null) result.given++;
        }
        result.actions += scored.actions;
        result.actionsTakeAll += scored.actionsTakeAll;
        perLetter.push({
          set,
          id: letter.id,
          fields,
          outcomes: scored.outcomes,
          values: draft.values.map((v) => ({
            path: v.path,
            value: v.value,
            filled: v.filled,
            ...(v.evidence !== undefined ? { evidence: v.evidence } : {}),
          })),
        });
        if (!args.quiet)
          process.stderr.write(`${set}/${letter.id}: ${JSON.stringify(scored.outcomes)} actions ${scored.actions}\n`);
        load.push(loadavg()[0]!);
      };
      // `jobs` letters at a time (the text pool has as many workers).
      const queue = [...letters];
      await Promise.all(
        Array.from({ length: args.jobs }, async () => {
          for (let l = queue.shift(); l; l = queue.shift()) await one(l);
        }),
      );
      results.push(result);
    }
  } finally {
    await (await browser)?.close();
    await text.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const seconds = (performance.now() - started) / 1000;
  if (args.results)
    writeFileSync(
      args.results,
      perLetter.map((l) => JSON.stringify({ ...l, asOf, ocrLanguages: languages })).join('\n') + '\n',
    );
  console.log(`\nDrafts as of ${asOf}, OCR languages ${languages}.`);
  printTables(results);
  const summary = {
    sets: results.map(summaryOf),
    all: summaryOf(merge(results)),
    seconds: Math.round(seconds),
    loadAverage: { min: Math.min(...load), max: Math.max(...load) },
    asOf,
    ocrLanguages: languages,
    ranAt: new Date().toISOString(),
  };
  console.log(JSON.stringify(summary));
}

export function merge(results: SetResult[]): SetResult {
  const all: SetResult = {
    set: 'all',
    letters: 0,
    tally: emptyTally(),
    actions: 0,
    actionsTakeAll: 0,
    given: 0,
    unreadable: 0,
  };
  for (const r of results) {
    all.letters += r.letters;
    all.actions += r.actions;
    all.actionsTakeAll += r.actionsTakeAll;
    all.given += r.given;
    all.unreadable += r.unreadable;
    for (const p of TRUTH_PATHS)
      for (const o of ['right', 'wrong', 'offered', 'empty'] as const) all.tally[p][o] += r.tally[p][o];
  }
  return all;
}

export function summaryOf(r: SetResult) {
  const sum = (o: Outcome) => TRUTH_PATHS.reduce((n, p) => n + r.tally[p][o], 0);
  const values = r.letters * TRUTH_PATHS.length;
  const pct = (n: number, of: number) => Math.round((1000 * n) / Math.max(1, of)) / 10;
  return {
    set: r.set,
    letters: r.letters,
    values,
    given: r.given,
    right: sum('right'),
    wrong: sum('wrong'),
    offered: sum('offered'),
    empty: sum('empty'),
    /** Of all values (letters × 11 fields): the "filled wrong ≤ 1 %". */
    filledWrongPct: pct(sum('wrong'), values),
    /** Of the values the letters give: the "filled right ≥ 80 %". */
    filledRightPct: pct(sum('right'), r.given),
    actionsPerCase: Math.round((10 * r.actions) / Math.max(1, r.letters)) / 10,
    actionsPerCaseTakeAll: Math.round((10 * r.actionsTakeAll) / Math.max(1, r.letters)) / 10,
    unreadable: r.unreadable,
    fields: r.tally,
  };
}

export function printTables(results: SetResult[]) {
  for (const r of [...results, ...(results.length > 1 ? [merge(results)] : [])]) {
    const s = summaryOf(r);
    console.log(
      `\n${r.set}: ${r.letters} letters; filled wrong ${s.wrong} of ${s.values} values (${s.filledWrongPct} %); filled right ${s.right} of ${s.given} given (${s.filledRightPct} %); ${s.actionsPerCase} actions per case (${s.actionsPerCaseTakeAll} with "use all offered")\n`,
    );
    console.log('| field | right | wrong | offered | empty |');
    console.log('|---|---|---|---|---|');
    for (const p of TRUTH_PATHS) {
      const c = r.tally[p];
      console.log(`| ${p} | ${c.right} | ${c.wrong} | ${c.offered} | ${c.empty} |`);
    }
  }
}
