/**
 * SANE on Linux through `scanimage` (sane-utils), the frontend every distribution ships: no native binding
 * to build, and a crash in a vendor backend takes only that process. A scanner's id is `sane:DEVICE`
 * (`sane:test:0`, `sane:epjitsu:libusb:001:004`).
 *
 *   list          scanimage -f '%d\t%v\t%m\t%t%n'
 *   capabilities  scanimage -d DEV -A          (sources, resolutions, modes: sane-options.ts)
 *   scan          scanimage -d DEV --batch=DIR/page-%04d.EXT [--batch-count=1 on the glass] …
 *
 * scanimage says "Scanned page N. (scanner status = 5)" when page N is scanned (5 = SANE_STATUS_EOF, the
 * page's end), then closes the file and renames it from `.part`, then says "Scanning page N+1" (or ends):
 * at that line the page's file is complete; it is read then and handed out at once, while the feeder goes on. Any other status
 * is that page's trouble (6 jammed, 8 cover open, …), and "sane_start: Document feeder out of documents"
 * ends a feeder batch (before the first page it is "feeder empty"). Cancel is SIGTERM, which scanimage
 * turns into sane_cancel.
 *
 * A backend can hang: scanimage then says nothing and never ends (seen here with SANE's own test backend,
 * its main thread joining a reader thread stuck on a malloc lock in sane_cancel). Silence longer than
 * SANE_SILENCE_MS ends the scan as `scanner.gone`, keeping the pages that came; and since a hung scanimage
 * may not end on SIGTERM either (its handler calls the same sane_cancel), it is killed KILL_GRACE_MS later.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScanRequest, ScannerCapabilities, ScannerInfo } from '../../../../shared/domain/scanning';
import type { ScanJob, ScannedPage, ScannerBackend } from '../backend/scanner-backend';
import { fitRequest, ScannerProblem } from '../backend/scanner-backend';
import type { ScannerProblemCode } from '../../../../shared/domain/scanning';
import type { SaneOptions } from './sane-options';
import { parseSaneOptions } from './sane-options';

/**
 * How long scanimage may say nothing before its scan is taken for hung. It says a line when a page starts
 * and when it ends, so this bounds one page's scan: five minutes is more than a 1200-DPI colour page on a
 * slow USB flatbed takes (docs/scanning.md).
 */
export const SANE_SILENCE_MS = 5 * 60_000;
/**
 * How long listing the devices (`-f`, a formatted `-L`) or reading one's options (`-A`) may take. A network backend's
 * discovery takes seconds; a backend that hangs would otherwise keep the scanner list waiting for ever.
 */
export const SANE_QUERY_MS = 60_000;
/** After SIGTERM, how long a scanimage has to end before it is killed. */
const KILL_GRACE_MS = 3_000;

export interface SaneBackendOptions {
  /** The scanimage program (default: `scanimage` on PATH). */
  scanimage?: string;
  /** Where a job's page files are written before they are read (default: the system's temp folder). */
  tempDir?: string;
  /**
   * scanimage's environment (default: the station's). SANE reads its backends and their devices from
   * SANE_CONFIG_DIR (dll.conf, escl.conf, …), so a station or a test can use its own without touching /etc.
   */
  env?: NodeJS.ProcessEnv;
  /** Silence of scanimage that ends a scan as `scanner.gone` (default SANE_SILENCE_MS). */
  silenceMs?: number;
  /** The bound on listing devices and reading a device's options (default SANE_QUERY_MS). */
  queryMs?: number;
}

/** SANE_Status values scanimage prints, as our problems. */
const STATUS_PROBLEM: Record<number, ScannerProblemCode> = {
  2: 'scanner.cancelled',
  3: 'scanner.busy',
  6: 'scanner.jam',
  7: 'scanner.feeder_empty',
  8: 'scanner.cover_open',
  9: 'scanner.gone',
  11: 'scanner.unreachable',
};

/** scanimage's sane_strstatus sentences (sane_start: …, sane_read: …) as our problems. */
function problemOf(message: string): ScannerProblemCode {
  const m = message.toLowerCase();
  if (m.includes('out of documents') || m.includes('no documents')) return 'scanner.feeder_empty';
  if (m.includes('jammed')) return 'scanner.jam';
  if (m.includes('cover is open')) return 'scanner.cover_open';
  if (m.includes('busy')) return 'scanner.busy';
  if (m.includes('open of device') || m.includes('access to resource has been denied')) return 'scanner.unreachable';
  if (m.includes('i/o')) return 'scanner.gone';
  if (m.includes('invalid argument')) return 'scanner.unsupported';
  return 'scanner.failed';
}

export const SANE_PREFIX = 'sane:';
/**
 * `sane:DEVICE` or `sane:DEVICE?option=value&…`: the device, and options of its backend passed on as
 * `--option value` (a driver's own switches, e.g. `swcrop=yes`, or the test device's `test-picture=Grid`).
 * SANE device names hold colons but never `?`.
 */
function deviceOf(id: string): string {
  const rest = id.slice(SANE_PREFIX.length);
  const q = rest.indexOf('?');
  return q < 0 ? rest : rest.slice(0, q);
}
function deviceOptionsOf(id: string): string[] {
  const q = id.indexOf('?');
  if (q < 0) return [];
  const out: string[] = [];
  for (const [k, v] of new URLSearchParams(id.slice(q + 1))) {
    // Only option names: a value can never become a flag of its own.
    if (!/^[a-z][a-z0-9-]*$/.test(k)) throw new ScannerProblem('scanner.unsupported', `not a SANE option name: ${k}`);
    out.push(`--${k}=${v}`);
  }
  return out;
}

export class SaneBackend implements ScannerBackend {
  readonly kind = 'sane' as const;
  private readonly optionsCache = new Map<string, SaneOptions>();

  constructor(private readonly options: SaneBackendOptions = {}) {}

  owns(id: string): boolean {
    return id.startsWith(SANE_PREFIX);
  }

  private get program() {
    return this.options.scanimage ?? 'scanimage';
  }

  /** `what`: what the timeout's message says was asked. */
  private run(args: string[], what: string, signal?: AbortSignal) {
    return run(
      this.program,
      args,
      this.options.env,
      { what, timeoutMs: this.options.queryMs ?? SANE_QUERY_MS },
      signal,
    );
  }

  async list(signal?: AbortSignal): Promise<ScannerInfo[]> {
    const { stdout } = await this.run(['-f', '%d\t%v\t%m\t%t%n'], 'listing the devices', signal).catch((e: unknown) => {
      // No scanimage (not Linux, sane-utils not installed): no SANE scanners, not an error.
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { stdout: '', stderr: '', code: 0 };
      throw e;
    });
    return stdout
      .split('\n')
      .filter((l) => l.includes('\t'))
      .map((line) => {
        const [device, vendor, model, type] = line.split('\t');
        return {
          id: `${SANE_PREFIX}${device!}`,
          name: [vendor, model, type && `(${type})`].filter(Boolean).join(' '),
          backend: 'sane' as const,
          via: 'sane' as const,
        };
      });
  }

  private async deviceOptions(id: string, signal?: AbortSignal): Promise<SaneOptions> {
    const cached = this.optionsCache.get(id);
    if (cached) return cached;
    const { stdout, stderr, code } = await this.run(
      ['-d', deviceOf(id), '-A', ...deviceOptionsOf(id)],
      `reading the options of ${deviceOf(id)}`,
      signal,
    );
    if (code !== 0) throw new ScannerProblem(problemOf(stderr), lastLine(stderr));
    const parsed = parseSaneOptions(stdout);
    this.optionsCache.set(id, parsed);
    return parsed;
  }

  async capabilities(id: string, signal?: AbortSignal): Promise<ScannerCapabilities> {
    const o = await this.deviceOptions(id, signal);
    return {
      makeAndModel: deviceOf(id),
      sources: (['platen', 'feeder', 'duplex'] as const).filter((s) => o.sources[s] !== undefined),
      resolutions: o.resolutions,
      colors: (['color', 'gray', 'bw'] as const).filter((c) => o.colors[c] !== undefined),
      formats: ['image/jpeg', 'image/png'],
    };
  }

  async scan(id: string, request: ScanRequest, signal?: AbortSignal): Promise<ScanJob> {
    const o = await this.deviceOptions(id, signal);
    const fitted = fitRequest(request, await this.capabilities(id, signal));
    const dir = await mkdtemp(join(this.options.tempDir ?? tmpdir(), 'intake-sane-'));
    // JPEG for grey and colour (as a document scanner writes), PNG for black and white (JPEG smears it).
    const ext = fitted.color === 'bw' ? 'png' : 'jpg';
    const color = o.colors[fitted.color]!;
    const source = o.sources[fitted.source];
    const args = [
      '-d',
      deviceOf(id),
      ...(source ? ['--source', source] : []),
      '--resolution',
      String(fitted.dpi),
      ...(color.mode ? ['--mode', color.mode] : []),
      ...(color.depth ? ['--depth', String(color.depth)] : []),
      `--format=${ext === 'png' ? 'png' : 'jpeg'}`,
      ...deviceOptionsOf(id),
      `--batch=${join(dir, `page-%04d.${ext}`)}`,
      ...(fitted.source === 'platen' ? ['--batch-count=1'] : []),
    ];
    return new SaneJob(
      this.program,
      args,
      this.options.env,
      dir,
      ext,
      fitted,
      this.options.silenceMs ?? SANE_SILENCE_MS,
      signal,
    );
  }
}

class SaneJob implements ScanJob {
  private cancelled = false;
  private child: ReturnType<typeof spawn> | undefined;

  constructor(
    private readonly program: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv | undefined,
    private readonly dir: string,
    private readonly ext: string,
    private readonly request: ScanRequest,
    private readonly silenceMs: number,
    signal?: AbortSignal,
  ) {
    // Cancelled while the device's options were read: no scanimage is started (an aborted signal fires no
    // 'abort' event any more).
    if (signal?.aborted) this.cancelled = true;
    else signal?.addEventListener('abort', () => void this.cancel(), { once: true });
  }

  async *pages(): AsyncGenerator<ScannedPage> {
    const events: (
      { page: number; status: number } | { start: string } | { exit: number | null } | { silent: true }
    )[] = [];
    // A page scanned whose file is complete only once scanimage has gone on (the next line, or its end).
    let scannedPage: { page: number; status: number } | undefined;
    let wake: (() => void) | undefined;
    const push = (e: (typeof events)[number]) => {
      events.push(e);
      wake?.();
    };
    if (this.cancelled) {
      await rm(this.dir, { recursive: true, force: true });
      throw new ScannerProblem('scanner.cancelled');
    }
    const child = spawn(this.program, this.args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(this.env ? { env: this.env } : {}),
    });
    this.child = child;
    let silence: NodeJS.Timeout | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => push({ silent: true }), this.silenceMs);
    };
    heard();
    let stderr = '';
    let spawnError: Error | undefined;
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      heard();
      stderr += chunk;
      let nl: number;
      while ((nl = stderr.indexOf('\n')) >= 0) {
        const line = stderr.slice(0, nl);
        stderr = stderr.slice(nl + 1);
        const scanned = /^Scanned page (\d+)\. \(scanner status = (\d+)\)/.exec(line);
        if (scannedPage) {
          push(scannedPage);
          scannedPage = undefined;
        }
        if (scanned) scannedPage = { page: Number(scanned[1]), status: Number(scanned[2]) };
        const failed =
          /^scanimage: (?:sane_start|sane_read|open of device)[^:]*: (.*)$/.exec(line) ??
          /^scanimage: (open of device .*)$/.exec(line);
        if (failed) push({ start: failed[1]! });
      }
    });
    child.on('error', (e) => {
      spawnError = e;
      push({ exit: -1 });
    });
    child.on('close', (code) => {
      clearTimeout(silence);
      if (scannedPage) push(scannedPage);
      scannedPage = undefined;
      push({ exit: code });
    });
    let index = 0;
    let problem: ScannerProblem | undefined;
    try {
      for (;;) {
        if (events.length === 0) await new Promise<void>((r) => (wake = r));
        wake = undefined;
        const e = events.shift()!;
        if ('page' in e) {
          if (e.status !== 5) {
            problem ??= new ScannerProblem(
              STATUS_PROBLEM[e.status] ?? 'scanner.failed',
              `page ${e.page}: SANE status ${e.status}`,
            );
            continue;
          }
          const file = join(this.dir, `page-${String(e.page).padStart(4, '0')}.${this.ext}`);
          const bytes = await readFile(file);
          await rm(file, { force: true });
          yield { index: index++, bytes, mediaType: this.ext === 'png' ? 'image/png' : 'image/jpeg' };
        } else if ('silent' in e) {
          if (this.cancelled) throw new ScannerProblem('scanner.cancelled');
          throw new ScannerProblem(
            'scanner.gone',
            `scanimage said nothing for ${Math.round(this.silenceMs / 1000)} s (after ${index} pages): stopped`,
          );
        } else if ('start' in e) {
          const code = problemOf(e.start);
          // The feeder running out after pages is the batch's normal end.
          if (!(code === 'scanner.feeder_empty' && index > 0)) problem ??= new ScannerProblem(code, e.start);
        } else {
          if (this.cancelled) throw new ScannerProblem('scanner.cancelled');
          if (spawnError) throw new ScannerProblem('scanner.unreachable', `scanimage: ${spawnError.message}`);
          if (problem) throw problem;
          if (e.exit !== 0)
            throw new ScannerProblem('scanner.failed', `scanimage ended with ${e.exit}: ${lastLine(stderr)}`);
          if (index === 0 && this.request.source !== 'platen') throw new ScannerProblem('scanner.feeder_empty');
          return;
        }
      }
    } finally {
      clearTimeout(silence);
      stop(child);
      await rm(this.dir, { recursive: true, force: true });
    }
  }

  cancel(): Promise<void> {
    this.cancelled = true;
    if (this.child) stop(this.child);
    return Promise.resolve();
  }
}

/** SIGTERM (scanimage cancels the scan), and SIGKILL if it has not ended KILL_GRACE_MS later. */
function stop(child: ReturnType<typeof spawn>): void {
  const running = () => child.exitCode === null && child.signalCode === null;
  if (!running()) return;
  child.kill('SIGTERM');
  setTimeout(() => {
    if (running()) child.kill('SIGKILL');
  }, KILL_GRACE_MS).unref();
}

function lastLine(s: string): string {
  return s.trim().split('\n').pop() ?? '';
}

function run(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv | undefined,
  bound: { what: string; timeoutMs: number },
  signal?: AbortSignal,
): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(env ? { env } : {}),
      ...(signal ? { signal } : {}),
    });
    const timer = setTimeout(() => {
      stop(child);
      reject(
        new ScannerProblem('scanner.unreachable', `scanimage, ${bound.what}: no answer in ${bound.timeoutMs / 1000} s`),
      );
    }, bound.timeoutMs);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, code: code ?? -1 });
    });
  });
}
