/**
 * A case from a scanned notice of loss (issue #40 item 4):
 *   npx tsx bench/notice-of-loss.ts [--set dev|heldout|all] [--dpi 200] [--show]
 *   npx tsx bench/notice-of-loss.ts --set blind-a|blind-b|blind-c|blind [--letters 001,002] [--jobs 2]
 *     [--results FILE] [--as-of YYYY-MM-DD] [--ocr-languages L] [--text-cache DIR] [--quiet]: the blind letters of
 *     issue #47 instead (blind-notice-run.ts; the drafts as of a fixed day, 2026-12-07 unless --as-of)
 * Generated notices of loss (electron/core/notice-of-loss/test-support/notice-letters.ts: typed letters,
 * forms with boxes, a handwriting-like font, German and English, some turned, some with two dates or two
 * amounts) are rendered to scanned-like PNGs, read by the app's OCR (DocumentTextService: Tesseract in a
 * text worker), the policy is confirmed by the local sandbox's customer search, and the draft is made for
 * the create-case schema the sandbox returns. Per field: filled right / filled wrong / offered / empty.
 * The held-out seeds (HELD_OUT_SEEDS) were not run while the rules were written.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { CaseDraft } from '../shared/domain/case-draft';
import { buildFormModel } from '../shared/forms/build-form-model';
import { draftCase } from '../electron/core/notice-of-loss/case-draft';
import { confirmPolicy } from '../electron/core/notice-of-loss/confirm-policy';
import { fold } from '../electron/core/notice-of-loss/notice-lines';
import type { NoticeLetter } from '../electron/core/notice-of-loss/test-support/notice-letters';
import {
  DEV_SEEDS,
  HELD_OUT_SEEDS,
  noticeLetter,
  noticeScan,
} from '../electron/core/notice-of-loss/test-support/notice-letters';
import { DocumentTextService } from '../electron/core/suggestions/document-text';
import { localIsoDate } from '../electron/core/suggestions/document-suggestions';
import { apiFor, sandboxFor, workDir } from './bench-support';

const FIELDS = [
  'policy',
  'claimant',
  'caseType',
  'lossDate',
  'cause',
  'amount',
  'damageAddress',
  'description',
] as const;
type Field = (typeof FIELDS)[number];
type Outcome = 'right' | 'wrong' | 'offered' | 'empty';

/** Words without accents: the description is read by OCR, a clerk fixes a misread umlaut, not the sentence. */
const words = (s: string) =>
  fold(s)
    .toLowerCase()
    .match(/[\p{L}\d]+/gu) ?? [];

/** Each field of the draft against what a clerk would type: filled right, filled wrong, offered only, empty. */
export function score(draft: CaseDraft, letter: NoticeLetter): Record<Field, Outcome> {
  const t = letter.truth;
  const at = (path: string) => draft.values.find((v) => v.path === path);
  const judge = (paths: string[], want: (string | number)[], same = (a: unknown, b: unknown) => a === b): Outcome => {
    const got = paths.map(at);
    if (got.every((v) => v === undefined)) return 'empty';
    if (got.some((v) => v?.filled)) return got.every((v, i) => v?.filled && same(v.value, want[i])) ? 'right' : 'wrong';
    return 'offered';
  };
  const description = (): Outcome => {
    const v = at('description');
    if (!v) return 'empty';
    if (!v.filled) return 'offered';
    const have = new Set(words(String(v.value)));
    const want = words(t.damageSentence);
    return want.filter((w) => have.has(w)).length >= want.length * 0.7 ? 'right' : 'wrong';
  };
  return {
    policy: judge(['policyNumber'], [t.policyNumber]),
    claimant: judge(['claimant.firstName', 'claimant.lastName'], [t.firstName, t.lastName]),
    caseType: judge(['caseType'], [t.caseType]),
    lossDate: judge(['accidentDate'], [t.lossDate]),
    cause: judge(['damageCause'], [t.cause]),
    amount: judge(['estimatedAmount'], [t.amount]),
    damageAddress: judge(
      ['damageAddress.street', 'damageAddress.postalCode', 'damageAddress.city'],
      [t.street, t.postalCode, t.city],
    ),
    description: description(),
  };
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      set: { type: 'string', default: 'dev' },
      dpi: { type: 'string', default: '200' },
      show: { type: 'boolean', default: false },
      seeds: { type: 'string' },
      letters: { type: 'string' },
      jobs: { type: 'string', default: '1' },
      results: { type: 'string' },
      'as-of': { type: 'string' },
      'ocr-languages': { type: 'string' },
      'text-cache': { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
  });
  if (args.set.startsWith('blind')) {
    const { runBlind } = await import('./blind-notice-run');
    return runBlind({
      set: args.set,
      jobs: Number(args.jobs),
      ...(args.letters ? { letters: args.letters } : {}),
      ...(args.results ? { results: args.results } : {}),
      ...(args['as-of'] ? { asOf: args['as-of'] } : {}),
      ...(args['ocr-languages'] ? { languages: args['ocr-languages'] } : {}),
      ...(args['text-cache'] ? { textCache: args['text-cache'] } : {}),
      quiet: args.quiet,
    });
  }
  const picked = args.seeds?.split(',').map(Number);
  const seeds =
    picked ??
    (args.set === 'heldout' ? HELD_OUT_SEEDS : args.set === 'all' ? [...DEV_SEEDS, ...HELD_OUT_SEEDS] : DEV_SEEDS);
  const dpi = Number(args.dpi);
  const dir = workDir('notice');
  const sandbox = await sandboxFor(dir);
  const text = new DocumentTextService({ dataDir: join(dir, 'data'), idleMs: 600_000 });
  try {
    const api = apiFor(sandbox, (u, i) => fetch(u, i));
    const schema = await api.getInputSchema('case-create');
    const model = buildFormModel(schema);
    const today = localIsoDate(Date.now());
    const tally = Object.fromEntries(FIELDS.map((f) => [f, { right: 0, wrong: 0, offered: 0, empty: 0 }])) as Record<
      Field,
      Record<Outcome, number>
    >;
    const misses: string[] = [];
    const started = performance.now();
    for (const seed of seeds) {
      const letter = noticeLetter(seed, today);
      const path = join(dir, `notice-${seed}.png`);
      writeFileSync(path, await noticeScan(letter, dpi));
      const read = await text.textOf(path);
      if (!read.ok) throw new Error(read.message);
      const pages = read.pages.filter((p) => p !== undefined);
      const problems: string[] = [];
      const policy = await confirmPolicy(pages, { searchCustomers: (q) => api.searchCustomers(q) }, today, problems);
      const draft = draftCase({ pages, model, key: 'case-create', ...(policy ? { policy } : {}), today, problems });
      const scored = score(draft, letter);
      const kind = `${letter.layout}/${letter.lang}${letter.turn ? `/turned ${letter.turn}` : ''}${letter.twoDates ? '/2 dates' : ''}${letter.twoAmounts ? '/2 amounts' : ''}`;
      for (const f of FIELDS) {
        tally[f][scored[f]]++;
        if (scored[f] !== 'right') {
          const got = draft.values.filter((v) =>
            v.path
              .toLowerCase()
              .includes(f === 'lossDate' ? 'accident' : f === 'policy' ? 'policy' : f.toLowerCase().slice(0, 5)),
          );
          misses.push(
            `seed ${seed} (${kind}) ${f}: ${scored[f]} ${JSON.stringify(got.map((v) => [v.value, v.confidence, v.reason ?? '']))}`,
          );
        }
      }
      if (args.show)
        console.log(
          seed,
          kind,
          JSON.stringify(scored),
          '\n  ',
          pages.flatMap((p) => p.lines.map((l) => l.map((w) => w.text).join(' '))).join('\n   '),
        );
    }
    const n = seeds.length;
    const pct = (k: number) => `${((100 * k) / n).toFixed(0)} %`;
    console.log(
      `\n${args.set} set: ${n} letters at ${dpi} DPI, ${((performance.now() - started) / 1000 / n).toFixed(1)} s per letter (render + OCR + policy search + draft)\n`,
    );
    console.log('| field | filled right | filled wrong | offered, not filled | left empty |');
    console.log('|---|---|---|---|---|');
    for (const f of FIELDS) {
      const c = tally[f];
      console.log(`| ${f} | ${c.right} (${pct(c.right)}) | ${c.wrong} (${pct(c.wrong)}) | ${c.offered} | ${c.empty} |`);
    }
    console.log('\nNot right:\n' + misses.join('\n'));
  } finally {
    await text.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
