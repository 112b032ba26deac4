/**
 * The document-text services of one core, built together (docs/capture.md, "Text"): the text service
 * (workers + cache), suggestions, the background reading of each arrival with the folder's auto-accept,
 * and the inbox's text search. app.ts hands the parts to the IPC handlers.
 */
import type { Document } from '../../shared/domain/document';
import { IntakeError } from './errors';
import type { InboxPlace } from '../../shared/domain/inbox-order';
import { historyStep, type HistoryStep } from '../../shared/domain/history';
import type { PageEditPage } from '../../shared/domain/page-edit';
import type { Metadata } from '../../shared/domain/metadata';
import type { MetadataCheckAnswer } from '../../shared/domain/metadata-check';
import type { Settings } from '../../shared/domain/settings';
import { ocrLanguagesFor } from '../../shared/domain/ocr-languages';
import type { EventBus } from './events/event-bus';
import { onDocumentTransitions } from './queue/document-transitions';
import type { DocumentQueue } from './queue/document-queue';
import type { Logger } from './util/logger';
import { autoAccept } from './suggestions/auto-accept';
import { defaultFieldPatterns } from './suggestions/candidates';
import { BackgroundText } from './suggestions/background-text';
import { documentSuggestions } from './suggestions/document-suggestions';
import type { DocumentSuggestionDeps } from './suggestions/document-suggestions';
import { DocumentTextService } from './suggestions/document-text';
import { OCR_DEFAULTS } from './suggestions/ocr-settings';
import type { SuggestionPlatform } from './suggestions/suggest';
import { TextSearch } from './suggestions/text-search';
import { GrowingPause } from './util/growing-pause';

export interface TextServicesDeps {
  dataDir: string;
  queue: Pick<DocumentQueue, 'get' | 'contentFile' | 'list' | 'tag' | 'submit'>;
  bus: EventBus;
  settings: () => Settings;
  /** The checks before queuing (documents.check), for an auto-accepted document that would auto-submit. */
  check: (ids: string[], metadata: Metadata) => Promise<MetadataCheckAnswer>;
  platform: () => SuggestionPlatform;
  caseNumberPattern: () => string | undefined;
  now: () => number;
  logger: Logger;
  /**
   * A page edit as the clerk's page tools make it (recorded, undoable; the scanner's file is never
   * written): the pages a document arrived with turned are turned upright with it.
   */
  editPages?: (id: string, pages: PageEditPage[], step: HistoryStep) => Promise<unknown>;
}

/** The history entry of a document whose turned pages were turned upright on arrival. */
export const TURNED_ON_ARRIVAL: HistoryStep = historyStep('turnedOnArrival');

export interface TextServices {
  suggestions: DocumentSuggestionDeps;
  search: TextSearch;
  /** The OCR languages a document is read in (its folder profile's, the settings', the locale's). */
  languagesOf(id: string): Promise<string>;
  /** The clerk's reading order: these documents are read next in the background (issue #48 item 3). */
  readNext(ids: string[]): void;
  /** Resolves when no arrival is being read in the background. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function createTextServices(d: TextServicesDeps): TextServices {
  const { queue } = d;
  // The page limit and the languages follow the saved settings: the next read uses a changed value.
  const systemLocale = Intl.DateTimeFormat().resolvedOptions().locale;
  const text = new DocumentTextService({
    dataDir: d.dataDir,
    maxOcrPages: () => d.settings().text?.ocrPages ?? OCR_DEFAULTS.maxPages,
    languages: () => ocrLanguagesFor(d.settings(), undefined, systemLocale),
  });
  const documentOf = (id: string): Promise<Document | undefined> => queue.get(id).catch(() => undefined);
  const languagesOf = async (id: string) =>
    ocrLanguagesFor(d.settings(), (await documentOf(id))?.sourceFolder, systemLocale);
  /**
   * The inbox places of the arrivals waiting to be read, as they arrived: the reader picks the next one
   * among them at once, without a read of the storage per waiting document.
   */
  const places = new Map<string, InboxPlace>();
  const arrived = (doc: Document) => {
    places.set(doc.id, { id: doc.id, fileName: doc.fileName, arrivedAt: doc.arrivedAt });
    background.add(doc.id);
  };
  const suggestions: DocumentSuggestionDeps = {
    text,
    languagesOf,
    platform: d.platform,
    caseNumberPattern: d.caseNumberPattern,
    // The settings' own formats first, then the built-in ones (a value found by both is one candidate).
    patterns: () => {
      const own = d.settings().text?.patterns;
      return own?.length ? [...own, ...defaultFieldPatterns(d.caseNumberPattern())] : undefined;
    },
    now: d.now,
  };
  // A document arriving in the inbox has its text read at once, in the text workers, so its suggestions
  // are ready when the clerk opens it; then a folder that auto-accepts fills confirmed fields.
  const background = new BackgroundText({
    text,
    fileOf: async (id) => {
      const doc = await documentOf(id);
      if (doc?.state !== 'new') return undefined;
      const { path } = await queue.contentFile(id);
      return { path, languages: ocrLanguagesFor(d.settings(), doc.sourceFolder, systemLocale) };
    },
    placeOf: (id) => places.get(id),
    onRead: async (id) => {
      await turnUpright(id);
      await autoAccept(
        {
          settings: d.settings,
          document: documentOf,
          suggestions: async (docId) =>
            documentSuggestions(suggestions, (await queue.contentFile(docId)).path, await languagesOf(docId)),
          check: d.check,
          tag: (ids, metadata) => queue.tag(ids, metadata),
          submit: (ids) => queue.submit(ids, undefined, false),
          logger: d.logger,
        },
        id,
      );
    },
    logger: d.logger,
  });
  // Pages read turned (PageText.rotation) are turned upright in the document, as one recorded page edit
  // the clerk can undo, while it is still new and untouched (no edit yet). The preview then shows them
  // upright and a split keeps them so; the next read finds them upright.
  async function turnUpright(id: string): Promise<void> {
    const doc = await documentOf(id);
    // Not under another clerk of the office who has it open (their document to change; refused anyway).
    if (!d.editPages || doc?.state !== 'new' || doc.heldBy) return;
    const read = await text.textOf((await queue.contentFile(id)).path, undefined, await languagesOf(id));
    if (!read.ok || !read.pages.some((p) => p.rotation)) return;
    const turns = new Map(read.pages.map((p) => [p.page, p.rotation ?? 0]));
    const pages = Array.from({ length: read.pageCount }, (_, i) => ({ source: i, rotate: turns.get(i) ?? 0 }));
    const latest = await documentOf(id);
    if (latest?.state !== 'new' || latest.sha256 !== doc.sha256) return; // the clerk was quicker
    try {
      await d.editPages(id, pages, TURNED_ON_ARRIVAL);
      d.logger.info('turned pages turned upright on arrival', {
        documentId: id,
        pages: pages.filter((p) => p.rotate).map((p) => p.source + 1),
      });
    } catch (e) {
      d.logger.warn('turned pages not turned upright', { documentId: id, error: e });
    }
  }
  // Other stations' arrivals too: a clerk here may open them, and their suggestions are read where shown.
  const stopArrivals = onDocumentTransitions(
    d.bus,
    (doc, previous) => {
      if (doc.state === 'new' && previous === undefined) arrived(doc);
      else if (doc.state !== 'new') places.delete(doc.id);
    },
    { elsewhere: true },
  );
  const stopRemovals = d.bus.on('documents.changed', ({ removed }) => {
    for (const id of removed) places.delete(id);
  });
  // The inbox as the app found it at start (documents of an earlier run not read yet, e.g. the app was
  // closed right after a scan): read in the background too, so suggestions and the text search cover
  // them. Already-read content comes from the cache at once; the backlog cap holds for these as well.
  // An office's inbox that cannot be read yet (the station has not joined, the database is out of reach) is
  // read again with a growing pause until it can, not left unread for the run.
  let stopping = false;
  const pause = new GrowingPause({ firstMs: 500, maxMs: 15_000 });
  const readBacklog = async (): Promise<void> => {
    // Said once per outage, not once per try.
    let said = false;
    for (;;) {
      try {
        const { documents } = await queue.list({ states: ['new'], limit: 1_000, offset: 0 });
        if (said) d.logger.info('background text: the inbox at start read', { documents: documents.length });
        for (const doc of documents) arrived(doc);
        return;
      } catch (e) {
        const again = e instanceof IntakeError && e.kind === 'unreachable' && !stopping;
        if (!again) {
          d.logger.warn('background text: the inbox at start not read', { error: e });
          return;
        }
        if (!said)
          d.logger.warn('background text: the inbox at start not read yet; tried again until it is', { error: e });
        said = true;
        await pause.wait();
        if (stopping) return;
      }
    }
  };
  const backlog = readBacklog();
  const search = new TextSearch({
    cachedText: (hash, languages) => text.cachedText(hash, languages),
    languagesOf: (doc) => ocrLanguagesFor(d.settings(), doc.sourceFolder, systemLocale),
    documents: async () => (await queue.list({ limit: 20_000, offset: 0 })).documents,
  });
  return {
    suggestions,
    search,
    languagesOf,
    readNext: (ids) => background.first(ids),
    idle: async () => {
      await backlog;
      await background.idle();
    },
    async stop() {
      stopping = true;
      pause.wake();
      await backlog;
      stopArrivals();
      stopRemovals();
      background.stop();
      await text.close();
    },
  };
}
