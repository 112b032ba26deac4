/**
 * The text of a document, from the cache or from a text worker. Requests for the same content while it is
 * being read share one read. The OCR page limit (the settings' `text.ocrPages`, read at each request) and
 * the DPI come from OCR_DEFAULTS unless given.
 */
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

/** Reads of one content cut off by the process ending, after which it is not read again automatically. */
export const MAX_TEXT_READS_BEGUN = 2;

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

  /** `languages`: those of the document's folder profile (`deu+eng`); default the service's. */
  textOf(path: string, onPage?: (p: PageText) => void, languages?: string): Promise<DocumentText> {
    return this.track(this.textOfNow(path, onPage, languages ?? this.languages));
  }

  private async textOfNow(
    path: string,
    onPage: ((p: PageText) => void) | undefined,
    languages: string,
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
      const failed = await this.cache.failure(hash);
      if (failed) return { ok: false, message: `not read again: ${failed}` };
    }
    run = this.running.get(runKey);
    if (!run) {
      run = this.read(path, hash, key, maxOcrPages, languages, onPage).finally(() => this.running.delete(runKey));
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
    return this.cache.failure(hash);
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
   * content whose reads were cut off twice by the process ending, or killed a worker, is not tried again
   * (as for its text): the caller sends the original.
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
    const failed = await this.cache.failure(hash);
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
  ): Promise<DocumentText> {
    const r = await this.markedRead(hash, {
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
   * One read in a text worker, with its mark on disk while it runs. A read of this content that the
   * process did not live through, twice, is not tried a third time (the web shell died on start, OCR'ing
   * the same scan again at every start); one that killed its worker or ran out of time is never tried
   * again by itself.
   */
  private async markedRead(
    hash: string,
    read: { task: ReadRequest; onPage?: ((p: PageText) => void) | undefined; budgetMs?: number },
  ): Promise<ReadResult | NotRead> {
    if (this.closed) return CLOSED; // closed while hashing: no mark is written
    const begun = await this.cache.readsBegun(hash);
    if (begun >= MAX_TEXT_READS_BEGUN) {
      const reason = 'reading its text was cut off twice as the program ended';
      await this.cache.setFailure(hash, reason);
      return { ok: false, message: `not read again: ${reason}` };
    }
    await this.cache.setReadsBegun(hash, begun + 1);
    let r;
    try {
      r = await this.pool.read(read.task, read.onPage, read.budgetMs);
    } catch (e) {
      if (!(e instanceof TextWorkerFailed)) {
        await this.cache.setReadsBegun(hash, begun).catch(() => undefined); // a clean stop: no mark
        if (this.closed) return CLOSED;
        throw e;
      }
      await this.cache.setFailure(hash, e.message);
      return { ok: false, message: e.message };
    }
    await this.cache.setReadsBegun(hash, begun);
    return r;
  }
}
