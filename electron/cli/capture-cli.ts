/**
 * `intake-agent pages FILE` and `intake-agent split FILE --out DIR [--separator VALUE] [--drop-blank]`:
 * the capture core from the command line. stdout: JSON lines; stderr: messages. Exit 0 done, 1 the file
 * cannot be read as pages (the line says why; the file is left as it is), 2 usage.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CaptureProfile, PageAnalysis } from '../../shared/domain/capture';
import { CaptureProfileSchema } from '../../shared/domain/capture';
import { CapturePool, defaultPoolSize } from '../core/capture/capture-pool';

export const CAPTURE_USAGE = `  pages FILE         print each page of a PDF/TIFF/JPEG/PNG as a JSON line (size, barcodes, blank)
  split FILE --out DIR [--separator VALUE] [--separator-pattern RE] [--metadata-pattern RE]
                     [--keep-separator] [--drop-blank] [--dpi N] [--threads N]
                     split FILE on separator sheets (default PATCHT) into PDFs in DIR`;

export class CaptureUsageError extends Error {}

export interface CaptureArgs {
  command: 'pages' | 'split';
  file: string;
  out?: string;
  /** Worker threads; default every core. */
  threads?: number;
  profile: CaptureProfile;
}

export function parseCaptureArgs(argv: string[]): CaptureArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        out: { type: 'string' },
        separator: { type: 'string' },
        'separator-pattern': { type: 'string' },
        'metadata-pattern': { type: 'string' },
        'keep-separator': { type: 'boolean' },
        'drop-blank': { type: 'boolean' },
        dpi: { type: 'string' },
        threads: { type: 'string' },
      },
    });
  } catch (e) {
    throw new CaptureUsageError((e as Error).message);
  }
  const { values: v, positionals } = parsed;
  const [command, file, ...rest] = positionals;
  if (command !== 'pages' && command !== 'split') throw new CaptureUsageError('expected pages or split');
  if (!file || rest.length > 0) throw new CaptureUsageError(`${command} needs exactly one FILE`);
  if (command === 'split' && !v.out) throw new CaptureUsageError('split needs --out DIR');
  if (command === 'pages' && (v.out || v.separator || v['drop-blank'] || v['keep-separator']))
    throw new CaptureUsageError('pages takes only FILE, --dpi and --threads');
  const threads = v.threads === undefined ? undefined : Number(v.threads);
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1 && threads <= 16))
    throw new CaptureUsageError('--threads must be a whole number from 1 to 16');
  const profile = CaptureProfileSchema.safeParse({
    ...(v.separator !== undefined ? { separatorValue: v.separator } : {}),
    ...(v['separator-pattern'] !== undefined ? { separatorPattern: v['separator-pattern'] } : {}),
    ...(v['metadata-pattern'] !== undefined ? { metadataPattern: v['metadata-pattern'] } : {}),
    keepSeparatorPage: v['keep-separator'] ?? false,
    blankPages: v['drop-blank'] ? 'drop' : 'keep',
    ...(v.dpi !== undefined ? { dpi: Number(v.dpi) } : {}),
  });
  if (!profile.success) {
    const issue = profile.error.issues[0];
    throw new CaptureUsageError(`${issue?.path.join('.') || 'option'}: ${issue?.message ?? 'invalid'}`);
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
    return 2;
  }
  const file = resolve(args.file);
  if (!(await stat(file).catch(() => undefined))?.isFile()) {
    err(`intake-agent: not a file: ${file}`);
    return 2;
  }
  // Nothing else runs in this process: every core analyses.
  const pool = new CapturePool({ size: args.threads ?? defaultPoolSize(true) });
  try {
    if (args.command === 'pages') {
      const r = await pool.analyseFile(file, { dpi: args.profile.dpi, blankThreshold: args.profile.blankThreshold });
      if (!r.ok) {
        out(JSON.stringify({ file, error: r.problem.code, message: r.problem.message }));
        return 1;
      }
      for (const a of r.pages) out(pageLine(a));
      return 0;
    }
    // pdf-lib and sharp only for split: `pages` keeps its main thread small.
    const { splitFile } = await import('../core/capture/split-file');
    const r = await splitFile(file, resolve(args.out!), args.profile, pool);
    if (!r.ok) {
      out(JSON.stringify({ file, error: r.problem.code, message: `${r.problem.message}; nothing was written` }));
      return 1;
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
    return 0;
  } catch (e) {
    if (e instanceof (await import('../core/capture/split-commit')).SplitTargetExists) {
      err(`intake-agent: ${e.message}`);
      return 1;
    }
    throw e;
  } finally {
    await pool.close();
  }
}
