/**
 * The text of a document, from the cache or from a text worker. Requests for the same content while it is
 * being read share one read. The OCR page limit and DPI come from OCR_DEFAULTS unless given.
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
  maxOcrPages?: number;
  dpi?: number;
  poolSize?: number;
  idleMs?: number;
}

export type DocumentText = ({ ok: true } & CachedText & { fromCache: boolean }) | { ok: false; message: string };

export class DocumentTextService {
  readonly languages: OcrLanguage[];
  private readonly pool: TextPool;
  private readonly cache: TextCache;
  private readonly key: string;
  private readonly maxOcrPages: number;
  private readonly dpi: number;
  private readonly running = new Map<string, Promise<DocumentText>>();

  constructor(opts: DocumentTextOptions) {
    this.languages = opts.languages ?? findOcrLanguages();
    this.maxOcrPages = opts.maxOcrPages ?? OCR_DEFAULTS.maxPages;
    this.dpi = opts.dpi ?? OCR_DEFAULTS.dpi;
    this.cache = new TextCache(join(opts.dataDir, 'text-cache'));
    this.key = [
      `v${TEXT_CACHE_VERSION}`,
      this.languages.map((l) => l.code).join('+'),
      `ocr${this.maxOcrPages}`,
      `${this.dpi}dpi`,
    ].join(':');
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

  async textOf(path: string, onPage?: (p: PageText) => void): Promise<DocumentText> {
    const hash = await hashFile(path);
    const cached = await this.cache.get(hash, this.key);
    if (cached) return { ok: true, ...cached, fromCache: true };
    let run = this.running.get(hash);
    if (!run) {
      run = this.read(path, hash, onPage).finally(() => this.running.delete(hash));
      this.running.set(hash, run);
    }
    return run;
  }

  /** The text already read for this content (by its SHA-256), without reading it: for the inbox search. */
  async cachedText(hash: string): Promise<CachedText | undefined> {
    return this.cache.get(hash, this.key);
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async read(path: string, hash: string, onPage?: (p: PageText) => void): Promise<DocumentText> {
    const r = await this.pool.read(
      { path, maxOcrPages: this.maxOcrPages, dpi: this.dpi, minTextLayerChars: OCR_DEFAULTS.minTextLayerChars },
      onPage,
    );
    if (!r.ok) return r;
    const value = { pageCount: r.pageCount, pages: r.pages };
    await this.cache.put(hash, this.key, value);
    return { ok: true, ...value, fromCache: false };
  }
}
