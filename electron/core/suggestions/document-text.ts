/**
 * The text of a document, from the cache or from a text worker. Requests for the same content while it is
 * being read share one read. The OCR page limit (the settings' `text.ocrPages`, read at each request) and
 * the DPI come from OCR_DEFAULTS unless given.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DECODE_LIMITS } from '../capture/pages/decode-limits';
import { defaultOcrLanguages, ocrLanguageCodes } from '../../../shared/domain/ocr-languages';
import { packagedModels } from './ocr-languages';
import { OCR_DEFAULTS, TEXT_CACHE_VERSION } from './ocr-settings';
import type { PageText } from './page-text';
import type { OutputBuilt } from './text-protocol';
import type { CachedText } from './text-cache';
import { hashFile, TextCache } from './text-cache';
import { TextPool, TextWorkerFailed } from './text-pool';
import type { ReadRequest, ReadResult } from './text-pool';

/**
 * What a `.reading` mark says: the process reading (its pid, and an id of this run, since a pid comes
 * back: a container's agent is pid 1 at every start). A mark of another run is a read that run did not
 * finish because the program ended (kill -9, power cut, an update); it is not held against the content.
 */
const THIS_RUN = { pid: process.pid, run: randomUUID() };

/**
 * The reason the version before issue #45 recorded for a content whose reads two program ends cut off. It
 * said nothing against the file (a station killed twice while reading the same letters sent them unsearchable),
 * so such a record is dropped and the content read again.
 */
const CUT_OFF_BY_PROGRAM_ENDS = 'reading its text was cut off twice as the program ended';

export interface DocumentTextOptions {
  /** The data folder: language files and the text cache go below it. */
  dataDir: string;
  /**
   * The OCR languages of a read that names none (`deu+eng`; issue #46): a function is asked at each read
   * (a saved setting applies to the next one). Default: the system's locale (German: `deu`).
   */
  languages?: string | (() => string);
  /** Pages OCR'd per document; a function is asked at each read (a saved setting applies to the next one). */
  maxOcrPages?: number | (() => number);
  dpi?: number;
  poolSize?: number;
  idleMs?: number;
  /** The text worker script and its time budget per document (tests); default the real worker, DECODE_LIMITS. */
  workerUrl?: URL;
  taskBudgetMs?: number;
}

/** `closing`: cut off by close(), not a verdict on the file. */
type NotRead = { ok: false; message: string; closing?: true };

export type DocumentText = ({ ok: true } & CachedText & { fromCache: boolean }) | NotRead;

export type SearchablePdfResult =
  { ok: true; pageCount: number; ocrPages: number; output: Extract<OutputBuilt, { ok: true }> } | NotRead;

const CLOSED: NotRead = { ok: false, message: 'not read: the program is closing', closing: true };

export class DocumentTextService {
  private readonly defaultLanguages: () => string;
  private readonly pool: TextPool;
  private readonly cache: TextCache;
  private readonly pageLimit: () => number;
  private readonly dpi: number;
  private readonly running = new Map<string, Promise<DocumentText>>();
  /** Every request not yet settled: close() waits for them, so nothing writes the cache after it. */
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(opts: DocumentTextOptions) {
    const languages = opts.languages ?? defaultOcrLanguages(Intl.DateTimeFormat().resolvedOptions().locale);
    this.defaultLanguages = typeof languages === 'function' ? languages : () => languages;
    const limit = opts.maxOcrPages ?? OCR_DEFAULTS.maxPages;
    this.pageLimit = typeof limit === 'function' ? limit : () => limit;
    this.dpi = opts.dpi ?? OCR_DEFAULTS.dpi;
    this.cache = new TextCache(join(opts.dataDir, 'text-cache'));
    this.pool = new TextPool({
      stageDir: join(opts.dataDir, 'ocr-languages'),
      languages: packagedModels(),
      ...(opts.poolSize ? { size: opts.poolSize } : {}),
      ...(opts.idleMs ? { idleMs: opts.idleMs } : {}),
      ...(opts.workerUrl ? { workerUrl: opts.workerUrl } : {}),
      ...(opts.taskBudgetMs ? { taskBudgetMs: opts.taskBudgetMs } : {}),
    });
  }

  get threads(): number {
    return this.pool.size;
  }

  /** The OCR languages of a read that names none, now (`deu+eng`). */
  get languages(): string {
    return this.defaultLanguages();
  }

  /**
   * Starts the text workers and their OCR engines for `languages` (default the service's) before reads
   * come: a stack arriving (BackgroundText). Resolves when they are warm; never rejects.
   */
  warm(languages?: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    return this.pool.warm(ocrLanguageCodes(languages ?? this.languages));
  }

  /** Pages OCR'd per document now. */
  get maxOcrPages(): number {
    return this.pageLimit();
  }

  /**
   * The cache key of a read with these settings: a result made under another page limit or in other
   * languages is not reused (a changed setting reads again).
   */
  private keyFor(maxOcrPages: number, languages: string): string {
    return [`v${TEXT_CACHE_VERSION}`, languages, `ocr${maxOcrPages}`, `${this.dpi}dpi`].join(':');
  }

  /**
   * `languages`: those of the document's folder profile (`deu+eng`); default the service's. `first`: the
   * clerk waits on it (the document they opened): read before the documents waiting (issue #48 item 3).
   */
  textOf(path: string, onPage?: (p: PageText) => void, languages?: string, first = false): Promise<DocumentText> {
    return this.track(this.textOfNow(path, onPage, languages ?? this.languages, first));
  }

  private async textOfNow(
    path: string,
    onPage: ((p: PageText) => void) | undefined,
    languages: string,
    first: boolean,
  ): Promise<DocumentText> {
    if (this.closed) return CLOSED;
    const hash = await hashFile(path);
    const maxOcrPages = this.pageLimit();
    const key = this.keyFor(maxOcrPages, languages);
    const cached = await this.cache.get(hash, key);
    if (cached) return { ok: true, ...cached, fromCache: true };
    const runKey = `${hash}:${key}`;
    let run = this.running.get(runKey);
    if (!run) {
      const failed = await this.failureOf(hash);
      if (failed) return { ok: false, message: `not read again: ${failed}` };
    }
    run = this.running.get(runKey);
    if (!run) {
      run = this.read(path, hash, key, maxOcrPages, languages, onPage, first).finally(() =>
        this.running.delete(runKey),
      );
      this.running.set(runKey, run);
    }
    return run;
  }

  /** The text already read for this content (by its SHA-256), without reading it: for the inbox search. */
  async cachedText(hash: string, languages?: string): Promise<CachedText | undefined> {
    return this.cache.get(hash, this.keyFor(this.pageLimit(), languages ?? this.languages));
  }

  /** Why this content is not read (again), if it is not: its read killed a worker, ran out of time, … */
  async readFailure(hash: string): Promise<string | undefined> {
    return this.failureOf(hash);
  }

  /**
   * Ends the workers and waits for every request to settle, so the marks of a read cut off here are
   * taken back and nothing touches the data folder once this resolved (the web shell's stop, then its
   * data folder removed: a late write made that fail).
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool.close();
    await Promise.allSettled([...this.inFlight]);
  }

  private track<T>(request: Promise<T>): Promise<T> {
    this.inFlight.add(request);
    void request.then(
      () => this.inFlight.delete(request),
      () => this.inFlight.delete(request),
    );
    return request;
  }

  /**
   * Reads every page of the file (up to DECODE_LIMITS.outputOcrPages, in outputReadMs) and writes its
   * searchable PDF to `outPath` in the text worker (issue #39), within the worker's outputTaskMs. A
   * content whose read killed a worker or ran over its budget is not tried again (as for its text): the
   * caller sends the original and warns (intake-pipeline.ts).
   */
  searchablePdf(path: string, outPath: string, smaller: boolean, languages?: string): Promise<SearchablePdfResult> {
    return this.track(this.searchablePdfNow(path, outPath, smaller, languages ?? this.languages));
  }

  private async searchablePdfNow(
    path: string,
    outPath: string,
    smaller: boolean,
    languages: string,
  ): Promise<SearchablePdfResult> {
    if (this.closed) return CLOSED;
    const hash = await hashFile(path);
    const failed = await this.failureOf(hash);
    if (failed) return { ok: false, message: `not read again: ${failed}` };
    const r = await this.markedRead(hash, {
      task: {
        path,
        maxOcrPages: DECODE_LIMITS.outputOcrPages,
        dpi: this.dpi,
        minTextLayerChars: OCR_DEFAULTS.minTextLayerChars,
        languages: ocrLanguageCodes(languages),
        readMs: DECODE_LIMITS.outputReadMs,
        output: { path: outPath, smaller },
      },
      budgetMs: DECODE_LIMITS.outputTaskMs,
    });
    if (!r.ok) return r;
    if (!r.output) return { ok: false, message: 'no searchable PDF was written' };
    if (!r.output.ok) return r.output;
    const ocrPages = r.pages.filter((p) => p.source === 'ocr').length;
    return { ok: true, pageCount: r.pageCount, ocrPages, output: r.output };
  }

  private async read(
    path: string,
    hash: string,
    key: string,
    maxOcrPages: number,
    languages: string,
    onPage?: (p: PageText) => void,
    first = false,
  ): Promise<DocumentText> {
    const r = await this.markedRead(hash, {
      first,
      task: {
        path,
        maxOcrPages,
        dpi: this.dpi,
        minTextLayerChars: OCR_DEFAULTS.minTextLayerChars,
        languages: ocrLanguageCodes(languages),
      },
      onPage,
    });
    if (!r.ok) return r;
    const value = { pageCount: r.pageCount, pages: r.pages };
    await this.cache.put(hash, key, value);
    return { ok: true, ...value, fromCache: false };
  }

  /**
   * Why this content is not read again, if it is not: only its own read killed the text worker or ran
   * over its budget (issue #45). A record of the older rule (two reads cut off by the program ending) is
   * dropped: the end of the program is no verdict on the file.
   */
  private async failureOf(hash: string): Promise<string | undefined> {
    const failed = await this.cache.failure(hash);
    if (failed !== CUT_OFF_BY_PROGRAM_ENDS) return failed;
    await this.cache.clearFailure(hash);
    return undefined;
  }

  /**
   * One read in a text worker, with its mark on disk while it runs (removed when the read is over,
   * however it ended, so no mark stays behind for a content read fine).
   *
   * What counts against the content is what this process saw its read do: kill its worker (a decoder's
   * crash, the worker's heap limit) or run over its budget. The worker runs beside a living main thread,
   * so that is the reader's own doing, and the content is never read again by itself. The end of the
   * whole program while reading (kill -9, OOM kill, power cut, an update) never counts: it cannot be told
   * apart from a station killed by its admin or a service manager, and counting it sent good letters
   * unsearchable after two kills in a row, since the same letters are read first after every restart
   * (issue #45). A mark left by another run is only that run's unfinished read; this read replaces it.
   */
  private async markedRead(
    hash: string,
    read: { task: ReadRequest; onPage?: ((p: PageText) => void) | undefined; budgetMs?: number; first?: boolean },
  ): Promise<ReadResult | NotRead> {
    if (this.closed) return CLOSED; // closed while hashing: no mark is written
    await this.mark(hash);
    try {
      return await this.pool.read(read.task, read.onPage, read.budgetMs, read.first ?? false);
    } catch (e) {
      if (!(e instanceof TextWorkerFailed)) {
        if (this.closed) return CLOSED; // a clean stop: not the file's doing
        throw e;
      }
      await this.cache.setFailure(hash, e.message);
      return { ok: false, message: `${e.message}; it is not read again` };
    } finally {
      await this.unmark(hash).catch(() => undefined);
    }
  }

  /** Reads of one content under way in this process: its mark goes when the last of them is over. */
  private readonly marked = new Map<string, number>();

  private async mark(hash: string): Promise<void> {
    const n = this.marked.get(hash) ?? 0;
    this.marked.set(hash, n + 1);
    if (n === 0) await this.cache.setReadingMark(hash, JSON.stringify({ ...THIS_RUN, at: new Date().toISOString() }));
  }

  private async unmark(hash: string): Promise<void> {
    const n = (this.marked.get(hash) ?? 1) - 1;
    if (n > 0) return void this.marked.set(hash, n);
    this.marked.delete(hash);
    await this.cache.clearReadingMark(hash);
  }
}
