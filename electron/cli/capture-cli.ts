/**
 * `intake-agent pages FILE` and `intake-agent split FILE --out DIR [--separator VALUE] [--drop-blank]`:
 * the capture core from the command line. stdout: JSON lines; stderr: messages. Every bad file ends in
 * one JSON line `{"file", "error", "message"}` on stdout and an exit code (CAPTURE_EXIT_CODES), never a
 * stack trace; the file is left as it is.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseCliArgs, UsageError, wholeNumberFlag } from './cli-args';
import type { CaptureProfile, PageAnalysis } from '../../shared/domain/capture';
import { CaptureProfileSchema } from '../../shared/domain/capture';
import { CapturePool, defaultPoolSize } from '../core/capture/analysis/capture-pool';

export const CAPTURE_USAGE = `  pages FILE [--dpi N] [--threads N] [--max-pages N]
                     print each page of a PDF/TIFF/JPEG/PNG as a JSON line (size, barcodes, blank)
  split FILE --out DIR [--separator VALUE] [--separator-pattern RE] [--metadata-pattern RE]
                     [--keep-separator] [--drop-blank] [--dpi N] [--threads N] [--max-pages N]
                     split FILE on separator sheets (default PATCHT) into PDFs in DIR
  pages/split exit codes: 0 done; 1 the file is not read as pages (damaged, encrypted, unsupported,
                     too-large, too-many-pages: one JSON line {"file","error","message"} says which) or
                     split's DIR holds parts already; 2 usage; 3 the analysis failed (a worker crashed
                     or ran out of its time: one JSON line with "error":"failed")`;

/** pages/split exit codes (documented in CAPTURE_USAGE and docs/capture.md). */
export const CAPTURE_EXIT_CODES = { done: 0, notPages: 1, usage: 2, failed: 3 } as const;

export interface CaptureArgs {
  command: 'pages' | 'split';
  file: string;
  out?: string;
  /** Worker threads; default every core. */
  threads?: number;
  profile: CaptureProfile;
}

export function parseCaptureArgs(argv: string[]): CaptureArgs {
  const parsed = parseCliArgs(argv, {
    out: { type: 'string' },
    separator: { type: 'string' },
    'separator-pattern': { type: 'string' },
    'metadata-pattern': { type: 'string' },
    'keep-separator': { type: 'boolean' },
    'drop-blank': { type: 'boolean' },
    dpi: { type: 'string' },
    threads: { type: 'string' },
    'max-pages': { type: 'string' },
  });
  const { values: v, positionals } = parsed;
  const [command, file, ...rest] = positionals;
  if (command !== 'pages' && command !== 'split') throw new UsageError('expected pages or split');
  if (!file || rest.length > 0) throw new UsageError(`${command} needs exactly one FILE`);
  if (command === 'split' && !v.out) throw new UsageError('split needs --out DIR');
  if (command === 'pages' && (v.out || v.separator || v['drop-blank'] || v['keep-separator']))
    throw new UsageError('pages takes only FILE, --dpi, --threads and --max-pages');
  const threads = wholeNumberFlag('threads', v.threads, 1, 16);
  const profile = CaptureProfileSchema.safeParse({
    ...(v.separator !== undefined ? { separatorValue: v.separator } : {}),
    ...(v['separator-pattern'] !== undefined ? { separatorPattern: v['separator-pattern'] } : {}),
    ...(v['metadata-pattern'] !== undefined ? { metadataPattern: v['metadata-pattern'] } : {}),
    keepSeparatorPage: v['keep-separator'] ?? false,
    blankPages: v['drop-blank'] ? 'drop' : 'keep',
    ...(v.dpi !== undefined ? { dpi: Number(v.dpi) } : {}),
    ...(v['max-pages'] !== undefined ? { maxPages: Number(v['max-pages']) } : {}),
  });
  if (!profile.success) {
    const issue = profile.error.issues[0];
    throw new UsageError(`${issue?.path.join('.') || 'option'}: ${issue?.message ?? 'invalid'}`);
  }
  return { command, file, ...(v.out ? { out: v.out } : {}), ...(threads ? { threads } : {}), profile: profile.data };
}

const pageLine = (a: PageAnalysis) =>
  JSON.stringify({ page: a.page, width: a.width, height: a.height, barcodes: a.barcodes, blank: a.blank });

export async function runCaptureCli(
  argv: string[],
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
  err: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Promise<number> {
  let args: CaptureArgs;
  try {
    args = parseCaptureArgs(argv);
  } catch (e) {
    err(`intake-agent: ${(e as Error).message}\n\n${CAPTURE_USAGE}`);
    return CAPTURE_EXIT_CODES.usage;
  }
  const file = resolve(args.file);
  if (!(await stat(file).catch(() => undefined))?.isFile()) {
    err(`intake-agent: not a file: ${file}`);
    return CAPTURE_EXIT_CODES.usage;
  }
  // Nothing else runs in this process: every core analyses.
  const pool = new CapturePool({ size: args.threads ?? defaultPoolSize(true) });
  try {
    return await runCommand(args, file, pool, out, err);
  } catch (e) {
    // A worker that died or ran out of its time, or anything else unforeseen: one line, never a trace.
    const message = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    out(JSON.stringify({ file, error: 'failed', message: `the analysis failed: ${message}` }));
    return CAPTURE_EXIT_CODES.failed;
  } finally {
    await pool.close();
  }
}

async function runCommand(
  args: CaptureArgs,
  file: string,
  pool: CapturePool,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  try {
    if (args.command === 'pages') {
      const r = await pool.analyseFile(file, {
        dpi: args.profile.dpi,
        blankThreshold: args.profile.blankThreshold,
        maxPages: args.profile.maxPages,
      });
      if (!r.ok) {
        out(JSON.stringify({ file, error: r.problem.code, message: r.problem.message }));
        return CAPTURE_EXIT_CODES.notPages;
      }
      for (const a of r.pages) out(pageLine(a));
      return CAPTURE_EXIT_CODES.done;
    }
    // pdf-lib and sharp only for split: `pages` keeps its main thread small.
    const { splitFile } = await import('../core/capture/split/split-file');
    const r = await splitFile(file, resolve(args.out!), args.profile, pool);
    if (!r.ok) {
      out(JSON.stringify({ file, error: r.problem.code, message: `${r.problem.message}; nothing was written` }));
      return CAPTURE_EXIT_CODES.notPages;
    }
    r.plan.documents.forEach((d, i) =>
      out(
        JSON.stringify({
          part: r.written[i],
          pages: d.pages,
          metadata: d.metadata,
          ...(d.flaggedBlankPages.length ? { flaggedBlankPages: d.flaggedBlankPages } : {}),
        }),
      ),
    );
    out(
      JSON.stringify({
        original: file,
        sha256: r.original.sha256,
        pages: r.pages.length,
        documents: r.plan.documents.length,
        dropped: r.plan.dropped,
        written: r.written.length,
      }),
    );
    return CAPTURE_EXIT_CODES.done;
  } catch (e) {
    if (e instanceof (await import('../core/capture/split/split-commit')).SplitTargetExists) {
      err(`intake-agent: ${e.message}`);
      return CAPTURE_EXIT_CODES.notPages;
    }
    throw e;
  }
}
