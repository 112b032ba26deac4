/**
 * The hostile set (issue #27; electron/core/capture/test-support/hostile-scans.ts) through the real
 * capture path, one process per file: `intake-agent split FILE --out DIR --threads 2` (pool, worker
 * threads, split writer — what a capture folder runs) and, with --text, document text in its own process
 * (DocumentTextService: pdf.js, render, OCR of the first page, in a text worker). Prints per file the
 * outcome, seconds and the process's peak RSS (VmHWM, worker threads included). Target: every file ends
 * within 120 s and under 1 GiB.
 *   npx tsx bench/hostile-scans.ts [--text] [--only NAME]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { HOSTILE_SCANS, writeHostileSet } from '../electron/core/capture/test-support/hostile-scans';
import { peakRssUntilExit } from './bench-support';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { text: { type: 'boolean' }, only: { type: 'string' }, child: { type: 'string' } },
  allowPositionals: true,
});

if (values.child) {
  // Child: one document's text, as the inbox reads it when the document arrives.
  const { DocumentTextService } = await import('../electron/core/suggestions/document-text');
  const service = new DocumentTextService({ dataDir: values.child, maxOcrPages: 1, poolSize: 1 });
  const file = process.argv.at(-1)!;
  const r = await service.textOf(file).catch((e: unknown) => ({ ok: false, message: `threw: ${String(e)}` }));
  process.stdout.write(
    `${JSON.stringify(r.ok ? { ok: true, pages: (r as { pageCount: number }).pageCount } : { ok: false, message: (r as { message: string }).message })}\n`,
  );
  await service.close();
  process.exit(0);
}

async function runOne(args: string[]): Promise<{ seconds: number; peakMb: number; code: number | null; out: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
  child.stderr.resume();
  const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  const { peakMb, code } = await peakRssUntilExit(child, 20);
  clearTimeout(timer);
  return { seconds: (performance.now() - started) / 1000, peakMb, code, out };
}

const dir = await mkdtemp(join(tmpdir(), 'hostile-bench-'));
try {
  const paths = await writeHostileSet(dir, (s) => !values.only || s.name === values.only);
  console.log(`| file | group | ${values.text ? 'text' : 'split'} outcome | exit | s | peak RSS MB |`);
  console.log('|---|---|---|---|---|---|');
  for (const scan of HOSTILE_SCANS) {
    const file = paths.get(scan.name);
    if (!file) continue;
    const r = values.text
      ? await runOne(['bench/hostile-scans.ts', '--child', join(dir, `data-${scan.name}`), file])
      : await runOne([
          'electron/cli/agent.ts',
          'split',
          file,
          '--out',
          join(dir, `${scan.name}.out`),
          '--threads',
          '2',
        ]);
    const last = r.out.trim().split('\n').at(-1) ?? '';
    let outcome = 'no output';
    try {
      const j = JSON.parse(last) as Record<string, unknown>;
      outcome = values.text
        ? j.ok
          ? `text, ${String(j.pages)} pages`
          : `not read: ${String(j.message).slice(0, 60)}`
        : j.error
          ? String(j.error)
          : `split: ${String(j.pages)} pages, ${String(j.documents)} documents`;
    } catch {
      /* outcome stays "no output" */
    }
    console.log(
      `| ${scan.name} | ${scan.group} | ${outcome} | ${r.code} | ${r.seconds.toFixed(1)} | ${Math.round(r.peakMb)} |`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
