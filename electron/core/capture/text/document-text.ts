/**
 * The text of a document, from the cache or from a text worker. Requests for the same content while it is
 * being read share one read. The OCR page limit (the settings' `text.ocrPages`, read at each request) and
 * the DPI come from OCR_DEFAULTS unless given.
 */
import { join } from 'node:path';
import type { OcrLanguage } from './ocr-languages';
import { findOcrLanguages } from './ocr-languages';
import { OCR_DEFAULTS, TEXT_CACHE_VERSION } from './ocr-settings';
import type { PageText } from './page-text';
import type { CachedText } from './text-cache';
import { hashFile, TextCache } from './text-cache';
import { TextPool } from './text-pool';

export interface DocumentTextOptions {
  /** The data folder: language files and the text cache go below it. */
  dataDir: string;
  languages?: OcrLanguage[];
  /** Pages OCR'd per document; a function is asked at each read (a saved setting applies to the next one). */
  maxOcrPages?: number | (() => number);
  dpi?: number;
  poolSize?: number;
  idleMs?: number;
}

export type DocumentText = ({ ok: true } & CachedText & { fromCache: boolean }) | { ok: false; message: string };

export class DocumentTextService {
  readonly languages: OcrLanguage[];
  private readonly pool: TextPool;
  private readonly cache: TextCache;
  private readonly pageLimit: () => number;
  private readonly dpi: number;
  private readonly running = new Map<string, Promise<DocumentText>>();

  constructor(opts: DocumentTextOptions) {
    this.languages = opts.languages ?? findOcrLanguages();
    const limit = opts.maxOcrPages ?? OCR_DEFAULTS.maxPages;
    this.pageLimit = typeof limit === 'function' ? limit : () => limit;
    this.dpi = opts.dpi ?? OCR_DEFAULTS.dpi;
    this.cache = new TextCache(join(opts.dataDir, 'text-cache'));
    this.pool = new TextPool({
      stageDir: join(opts.dataDir, 'ocr-languages'),
      languages: this.languages,
      ...(opts.poolSize ? { size: opts.poolSize } : {}),
      ...(opts.idleMs ? { idleMs: opts.idleMs } : {}),
    });
  }

  get threads(): number {
    return this.pool.size;
  }

  /** Pages OCR'd per document now. */
  get maxOcrPages(): number {
    return this.pageLimit();
  }

  /** The cache key of a read with these settings: a result made under another page limit is not reused. */
  private keyFor(maxOcrPages: number): string {
    return [
      `v${TEXT_CACHE_VERSION}`,
      this.languages.map((l) => l.code).join('+'),
      `ocr${maxOcrPages}`,
      `${this.dpi}dpi`,
    ].join(':');
  }

  async textOf(path: string, onPage?: (p: PageText) => void): Promise<DocumentText> {
    const hash = await hashFile(path);
    const maxOcrPages = this.pageLimit();
    const key = this.keyFor(maxOcrPages);
    const cached = await this.cache.get(hash, key);
    if (cached) return { ok: true, ...cached, fromCache: true };
    const runKey = `${hash}:${key}`;
    let run = this.running.get(runKey);
    if (!run) {
      run = this.read(path, hash, key, maxOcrPages, onPage).finally(() => this.running.delete(runKey));
      this.running.set(runKey, run);
    }
    return run;
  }

  /** The text already read for this content (by its SHA-256), without reading it: for the inbox search. */
  async cachedText(hash: string): Promise<CachedText | undefined> {
    return this.cache.get(hash, this.keyFor(this.pageLimit()));
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async read(
    path: string,
    hash: string,
    key: string,
    maxOcrPages: number,
    onPage?: (p: PageText) => void,
  ): Promise<DocumentText> {
    const r = await this.pool.read(
      { path, maxOcrPages, dpi: this.dpi, minTextLayerChars: OCR_DEFAULTS.minTextLayerChars },
      onPage,
    );
    if (!r.ok) return r;
    const value = { pageCount: r.pageCount, pages: r.pages };
    await this.cache.put(hash, key, value);
    return { ok: true, ...value, fromCache: false };
  }
}
