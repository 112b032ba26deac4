/**
 * The blind letters of issue #47 as scanners' files (electron/core/notice-of-loss/test-support/blind-letters.ts):
 *   npx tsx bench/blind-scans.ts [--set a|b|c|all] [--letters 001,002] [--cache DIR] [--out DIR]
 * Prints one JSON line per letter {set, id, file, made: true|false (from the cache)}; --out also copies each
 * file to DIR/<set>-<id>.pdf (to look at, or to hand to `intake-agent case-draft`).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import type { BlindSet } from '../electron/core/notice-of-loss/test-support/blind-letters';
import {
  BLIND_SETS,
  blindLetters,
  blindScan,
  DEFAULT_SCAN_CACHE,
  launchPrinter,
} from '../electron/core/notice-of-loss/test-support/blind-letters';

export function setsOf(name: string): BlindSet[] {
  if (name === 'all' || name === 'blind') return [...BLIND_SETS];
  const set = `set-${name.replace(/^(blind-|set-)/, '')}`;
  if (!(BLIND_SETS as readonly string[]).includes(set)) throw new Error(`no blind letter set ${name}`);
  return [set as BlindSet];
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      set: { type: 'string', default: 'all' },
      letters: { type: 'string' },
      cache: { type: 'string', default: DEFAULT_SCAN_CACHE },
      out: { type: 'string' },
    },
  });
  const only = args.letters?.split(',');
  let browser: Promise<Browser> | undefined;
  const printer = () => (browser ??= launchPrinter());
  if (args.out) mkdirSync(args.out, { recursive: true });
  try {
    for (const set of setsOf(args.set)) {
      for (const letter of blindLetters(set)) {
        if (only && !only.includes(letter.id)) continue;
        let made = false;
        const file = await blindScan(
          letter,
          () => {
            made = true;
            return printer();
          },
          args.cache,
        );
        if (args.out) copyFileSync(file, join(args.out, `${set}-${letter.id}.pdf`));
        console.log(JSON.stringify({ set, id: letter.id, file, made }));
      }
    }
  } finally {
    await (await browser)?.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
