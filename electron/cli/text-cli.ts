/**
 * `intake-agent text FILE [--pages N] [--patterns FILE] [--ocr-languages deu+eng]`: the counterpart of `pages` for text. What the
 * app reads from a document, as JSON lines on stdout, so an admin can tune the number patterns and
 * scripts can use it:
 * - one line per page: `{page, source: "pdf-text"|"ocr"|"skipped", rotation, text, words: [{text, box}]}`;
 * - then one line per candidate: `{field, value, page, box}`.
 * It reads as the app does (the text worker, the same OCR defaults, languages and limits), without the
 * text cache or the platform check. Conventions of capture-cli.ts: a file that cannot be read ends in one
 * JSON line `{"file", "error", "message"}` and exit 1; usage exit 2; a worker that died or ran over its
 * time exit 3 (`"error":"failed"`); never a stack trace.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { FieldPattern } from '../../shared/domain/suggestions';
import { FieldPatternSchema } from '../../shared/domain/suggestions';
import { defaultFieldPatterns, findCandidates } from '../core/suggestions/candidates';
import { defaultOcrLanguages, ocrLanguageCodes, OcrLanguagesSchema } from '../../shared/domain/ocr-languages';
import { packagedModels } from '../core/suggestions/ocr-languages';
import { OCR_DEFAULTS } from '../core/suggestions/ocr-settings';
import type { PageText } from '../core/suggestions/page-text';
import { TextPool } from '../core/suggestions/text-pool';
import { CAPTURE_EXIT_CODES } from './capture-cli';
import { parseCliArgs, UsageError, wholeNumberFlag } from './cli-args';

export const TEXT_USAGE = `  text FILE [--pages N] [--patterns FILE] [--ocr-languages L]
                     print the text of a PDF/TIFF/JPEG/PNG as the app reads it: one JSON line per page
                     {"page","source","rotation","text","words":[{"text","box"}]} (source pdf-text, ocr or
                     skipped; box in page fractions), then one per number found {"field","value","page","box"};
                     --pages N: pages OCR'd (default ${OCR_DEFAULTS.maxPages}, 0 to 20); --patterns FILE: the
                     settings file (its text.patterns) or a JSON list of patterns, looked for first;
                     --ocr-languages L: deu, eng or both (deu+eng; the models ship with the agent);
                     default by the system's locale (German: deu, else eng)
  text exit codes: as pages ("error":"unreadable" when the file gives no text)`;

/** The most pages `--pages` may OCR: the settings' own limit (text.ocrPages). */
const MAX_OCR_PAGES = 20;

export interface TextArgs {
  file: string;
  maxOcrPages: number;
  patternsFile?: string;
  /** `deu+eng`; absent: by the system's locale. */
  languages?: string;
}

export function parseTextArgs(argv: string[]): TextArgs {
  const parsed = parseCliArgs(argv, {
    pages: { type: 'string' },
    patterns: { type: 'string' },
    'ocr-languages': { type: 'string' },
  });
  const { values: v, positionals } = parsed;
  const [command, file, ...rest] = positionals;
  if (command !== 'text') throw new UsageError('expected text');
  if (!file || rest.length > 0) throw new UsageError('text needs exactly one FILE');
  const pages = wholeNumberFlag('pages', v.pages, 0, MAX_OCR_PAGES, OCR_DEFAULTS.maxPages);
  const languages = v['ocr-languages'];
  if (languages !== undefined && !OcrLanguagesSchema.safeParse(languages).success)
    throw new UsageError(`--ocr-languages: ${languages} is not deu, eng or deu+eng`);
  return {
    file,
    maxOcrPages: pages,
    ...(v.patterns ? { patternsFile: v.patterns } : {}),
    ...(languages ? { languages } : {}),
  };
}

/** A settings file (`text.patterns`) or a list of patterns; refused (usage) when a pattern is not valid. */
async function readPatterns(path: string): Promise<FieldPattern[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    throw new UsageError(`--patterns: ${path} is not a JSON file (${(e as Error).message})`);
  }
  const list = Array.isArray(json) ? json : (json as { text?: { patterns?: unknown } } | null)?.text?.patterns;
  const parsed = z.array(FieldPatternSchema).safeParse(list ?? []);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`--patterns: ${issue?.path.join('.') || 'pattern'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

function pageLine(p: PageText): string {
  const words = p.lines.flat();
  return JSON.stringify({
    page: p.page,
    source: p.source,
    // The quarter turn the page was read at (0: as it lies in the file).
    rotation: p.rotation ?? 0,
    text: p.lines.map((l) => l.map((w) => w.text).join(' ')).join('\n'),
    words: words.map((w) => ({ text: w.text, box: w.box })),
  });
}

export async function runTextCli(
  argv: string[],
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
  err: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Promise<number> {
  let args: TextArgs;
  let patterns: FieldPattern[];
  try {
    args = parseTextArgs(argv);
    patterns = [...(args.patternsFile ? await readPatterns(args.patternsFile) : []), ...defaultFieldPatterns()];
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    err(`intake-agent: ${e.message}\n\n${TEXT_USAGE}`);
    return CAPTURE_EXIT_CODES.usage;
  }
  const file = resolve(args.file);
  if (!(await stat(file).catch(() => undefined))?.isFile()) {
    err(`intake-agent: not a file: ${file}`);
    return CAPTURE_EXIT_CODES.usage;
  }
  // The language files are unpacked for this run only, into a private folder (mkdtemp: 0700).
  const stageDir = await mkdtemp(join(tmpdir(), 'intake-agent-ocr-'));
  const pool = new TextPool({ size: 1, stageDir, languages: packagedModels() });
  const languages = args.languages ?? defaultOcrLanguages(Intl.DateTimeFormat().resolvedOptions().locale);
  try {
    const pages: PageText[] = [];
    const r = await pool.read(
      {
        path: file,
        maxOcrPages: args.maxOcrPages,
        dpi: OCR_DEFAULTS.dpi,
        minTextLayerChars: OCR_DEFAULTS.minTextLayerChars,
        languages: ocrLanguageCodes(languages),
      },
      (p) => {
        pages.push(p);
        out(pageLine(p));
      },
    );
    if (!r.ok) {
      out(JSON.stringify({ file, error: 'unreadable', message: r.message }));
      return CAPTURE_EXIT_CODES.notPages;
    }
    for (const c of findCandidates(pages, patterns))
      out(JSON.stringify({ field: c.field, value: c.value, page: c.page, ...(c.box ? { box: c.box } : {}) }));
    return CAPTURE_EXIT_CODES.done;
  } catch (e) {
    const message = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    out(JSON.stringify({ file, error: 'failed', message: `reading the text failed: ${message}` }));
    return CAPTURE_EXIT_CODES.failed;
  } finally {
    await pool.close();
    await rm(stageDir, { recursive: true, force: true });
  }
}
