/**
 * Page tools on a document (issue #16 item 4): each edit writes a new PDF into the spool under a new name
 * and points the document at it; the file before is kept, listed in the edits' records
 * (page-edit-storage.ts), for undo. The scanner's file and the batch original are only ever read.
 *
 * Crash safety: the new file is on disk (spool: `.partial`, fsync, rename) before one unit of work of the
 * documents' storage records the earlier file and switches the document; a crash before it leaves an
 * unowned spool file, swept at the next start. Undo switches back in one unit, then removes the newer file
 * once the unit is on disk. When the document is archived its earlier versions are removed (the archive
 * keeps what was uploaded).
 */
import { randomUUID } from 'node:crypto';
import { historyStep } from '../../../../shared/domain/history';
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { Document } from '../../../../shared/domain/document';
import type { PageEditPage, PageEditState } from '../../../../shared/domain/page-edit';
import type { DraftValues } from '../../../../shared/domain/drafts';
import { mergeConflicts, withUnsent } from '../../../../shared/domain/merge-metadata';
import { IntakeError } from '../../errors';
import type { EventBus } from '../../events/event-bus';
import type { ArchivableFile } from '../../queue/archiver';
import type { DocumentEdits } from '../../queue/document-edits';
import type { DocumentIntake } from '../../queue/document-intake';
import type { DocumentReadModel } from '../../queue/document-read-model';
import type { DocumentStorage, StoredDocument } from '../../queue/document-storage';
import type { Spool } from '../../queue/spool';
import type { Logger } from '../../util/logger';
import type { PageEditStorage } from './page-edit-storage';

/** pdf-lib and sharp load with the first page edit, not at start-up. */
const pageEdit = () => import('./page-edit');

const EDITABLE = new Set(['new', 'tagged', 'failed']);

export interface PageEditDeps {
  /** The edits' records (page-edit-storage.ts), beside the documents: the queue's start-up sweep asks them too. */
  records: PageEditStorage;
  /**
   * The documents' storage: its units of work, which an edit's record joins (it commits with the document's
   * change), and its flush to disk, awaited before a file goes.
   */
  storage: Pick<DocumentStorage, 'transaction' | 'durable'>;
  /** The queue's read model, its document edits, and its intake (a split's second part is adopted). */
  documents: Pick<DocumentReadModel, 'get' | 'contentFile' | 'stored'>;
  edits: Pick<DocumentEdits, 'replaceContent' | 'discard' | 'readmit' | 'inOneUnit'>;
  intake: Pick<DocumentIntake, 'adopt'>;
  spool: Spool;
  /** Archives a merged-in document's file and removes its scanner file, once the merge is uploaded. */
  archive: (file: ArchivableFile) => Promise<void>;
  bus: EventBus;
  logger: Logger;
}

export class PageEditService {
  private readonly busy = new Set<string>();
  /** Edits and clean-ups under way: stop() waits for them, so none writes after the pipeline stopped. */
  private readonly running = new Set<Promise<unknown>>();
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly deps: PageEditDeps) {}

  start(): void {
    this.unsubscribe = this.deps.bus.on('documents.changed', (e) => {
      for (const d of e.documents)
        if (d.state === 'archived')
          void this.track(
            this.forget(d.id).catch((error: unknown) =>
              this.deps.logger.warn('earlier page versions not removed', { documentId: d.id, error }),
            ),
          );
    });
  }

  /** No new clean-up starts; resolves once every edit and clean-up under way has ended. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  async state(id: string): Promise<PageEditState> {
    await this.deps.documents.get(id); // not_found for an unknown id
    return { undoable: await this.deps.records.count(id) };
  }

  /** `step`: the history entry (the clerk's edit: pagesEdited; a turn made on arrival says so). */
  async edit(id: string, pages: readonly PageEditPage[], step = historyStep('pagesEdited')): Promise<Document> {
    return this.exclusive(id, async () => {
      const { spool, documents, edits } = this.deps;
      const doc = await documents.get(id);
      const current = (await documents.contentFile(id)).path;
      const bytes = new Uint8Array(await readFile(current));
      const fileName = asPdfName(doc.fileName);
      const { applyPageEdit } = await pageEdit();
      const result = await applyPageEdit(bytes, pages, { fileName, sha256: doc.sha256 }).catch((e: unknown) => {
        throw new IntakeError('validation', 'document.pages', `The pages cannot be edited: ${(e as Error).message}`);
      });
      if (!result.ok)
        throw new IntakeError('validation', 'document.pages', `The pages cannot be edited: ${result.problem.message}`);
      const seq = await this.nextSeq(id);
      const name = `${id}.edit${seq}`;
      const copy = await spool.writeBytes(result.bytes, name);
      try {
        return await edits.replaceContent(
          id,
          { spoolName: name, fileName, size: copy.size, sha256: copy.sha256 },
          step,
          (before) => this.recordEdit(id, seq, before),
        );
      } catch (e) {
        await spool.remove(name);
        throw e;
      }
    });
  }

  async undo(id: string): Promise<Document> {
    return this.exclusive(id, async () => {
      const { records, storage, spool, edits } = this.deps;
      const last = await records.last(id);
      if (!last) throw new IntakeError('validation', 'document.no_undo', 'There is no page edit to undo.');
      // The pages as they were before the change are a file in the spool of the station that made it: in an
      // office, another station's change is undone there, never by pointing the document at a file this
      // station does not have (its upload would then find no bytes).
      if (!(await spool.exists(last.spoolName)))
        throw new IntakeError(
          'validation',
          'document.undo_elsewhere',
          'The pages as they were before this change are kept at the station where it was made: undo it there.',
        );
      let newer = '';
      let takenBack = '';
      const doc = await edits.replaceContent(
        id,
        { spoolName: last.spoolName, fileName: last.fileName, size: last.size, sha256: last.sha256 },
        historyStep('pageEditUndone'),
        async (before) => {
          newer = before.spoolName;
          // The later pages come back only if their document can go: not once it is queued or sent.
          if (last.splitInto && (await this.exists(last.splitInto))) takenBack = await edits.discard(last.splitInto);
          for (const d of last.merged ?? []) await edits.readmit(d, historyStep('mergeUndone'));
          await records.remove(id, last.seq);
        },
      );
      await storage.durable();
      await spool.remove(newer);
      if (takenBack) await spool.remove(takenBack);
      return doc;
    });
  }

  /**
   * "Split here": pages from `at` (0-based) on become a new document in the inbox, with this one's
   * metadata; this one keeps the pages before. Undo takes the new document back while it is still editable.
   */
  async split(id: string, at: number): Promise<{ kept: Document; split: Document }> {
    return this.exclusive(id, async () => {
      const { spool, documents, edits, intake } = this.deps;
      const doc = await documents.get(id);
      const bytes = new Uint8Array(await readFile((await documents.contentFile(id)).path));
      const { applyPageEdit, pageCountOf } = await pageEdit();
      const count = await pageCountOf(bytes).catch(() => 0);
      if (at < 1 || at >= count)
        throw new IntakeError('validation', 'document.pages', `The document cannot be split before page ${at + 1}.`);
      const fileName = asPdfName(doc.fileName);
      const range = (from: number, to: number) =>
        Array.from({ length: to - from }, (_, i) => ({ source: from + i, rotate: 0 as const }));
      const link = { fileName, sha256: doc.sha256 };
      const [head, tail] = await Promise.all([
        applyPageEdit(bytes, range(0, at), link),
        applyPageEdit(bytes, range(at, count), link),
      ]);
      if (!head.ok || !tail.ok)
        throw new IntakeError('validation', 'document.pages', 'The pages of this document cannot be split.');
      const seq = await this.nextSeq(id);
      const headName = `${id}.edit${seq}`;
      const splitId = randomUUID();
      const headCopy = await spool.writeBytes(head.bytes, headName);
      const tailCopy = await spool.writeBytes(tail.bytes, splitId);
      try {
        return await edits.inOneUnit(async () => {
          const kept = await edits.replaceContent(
            id,
            { spoolName: headName, fileName, size: headCopy.size, sha256: headCopy.sha256 },
            historyStep('split'),
            (before) => this.recordEdit(id, seq, before, { splitInto: splitId }),
          );
          const [split] = await intake.adopt(
            [
              {
                id: splitId,
                fileName: `${basename(fileName, '.pdf')}-p${at + 1}.pdf`,
                sourceFolder: doc.sourceFolder,
                copy: tailCopy,
                metadata: doc.metadata,
                autoSubmit: false,
                step: historyStep('splitFrom', { file: doc.fileName, page: at + 1 }),
              },
            ],
            () => undefined,
          );
          return { kept, split: split! };
        });
      } catch (e) {
        await spool.remove(headName);
        await spool.remove(splitId);
        throw e;
      }
    });
  }

  /**
   * Merges documents into the first of them, in the given order: it gets one PDF of all their pages; the
   * others leave the inbox, kept (row and file) until the merged one is uploaded, so undo brings them back.
   */
  async merge(
    ids: readonly string[],
    unsent: (id: string) => DraftValues | undefined = () => undefined,
  ): Promise<Document> {
    const [target] = ids;
    if (!target || ids.length < 2 || new Set(ids).size !== ids.length)
      throw new IntakeError('validation', 'document.merge', 'Choose two or more documents to merge.');
    return this.exclusive(target, async () => {
      const { spool, documents, edits } = this.deps;
      const docs: StoredDocument[] = [];
      for (const id of ids) docs.push(await documents.stored(id));
      for (const d of docs)
        if (!EDITABLE.has(d.state))
          throw new IntakeError('validation', 'document.state', `Cannot merge ${d.fileName}: it is ${d.state}.`);
      // The merged document keeps the first one's metadata: a part whose values would be lost (another case
      // number …) refuses the merge with the reason, instead of dropping them without a word (issue #36 item 3).
      // Values typed and not sent count as the clerk's too (issue #48 item 2).
      const lost = mergeConflicts(docs.map((d) => ({ metadata: withUnsent(d.metadata, unsent(d.id)) })));
      if (lost.length)
        throw new IntakeError(
          'validation',
          'document.merge_conflict',
          `The documents disagree on ${lost.map((c) => `${c.field} (${[c.kept ?? '–', ...c.lost].join(' / ')})`).join('; ')}; merging would lose the other values. Give them the same values first.`,
          { fields: Object.fromEntries(lost.map((c) => [c.field, 'document.merge_conflict'])) },
        );
      const files = await Promise.all(
        docs.map(async (d) => ({
          bytes: new Uint8Array(await readFile((await documents.contentFile(d.id)).path)),
          fileName: d.fileName,
          sha256: d.sha256,
        })),
      );
      const { concatenate } = await pageEdit();
      const merged = await concatenate(files).catch((e: unknown) => {
        throw new IntakeError(
          'validation',
          'document.merge',
          `The documents cannot be merged: ${(e as Error).message}`,
        );
      });
      if (!merged.ok)
        throw new IntakeError(
          'validation',
          'document.merge',
          `The documents cannot be merged: ${merged.problem.message}`,
        );
      const fileName = asPdfName(docs[0]!.fileName);
      const seq = await this.nextSeq(target);
      const name = `${target}.edit${seq}`;
      const copy = await spool.writeBytes(merged.bytes, name);
      try {
        return await edits.inOneUnit(async () => {
          const others: StoredDocument[] = [];
          for (const d of docs.slice(1)) others.push(await documents.stored(d.id));
          const doc = await edits.replaceContent(
            target,
            { spoolName: name, fileName, size: copy.size, sha256: copy.sha256 },
            historyStep('merged'),
            (before) => this.recordEdit(target, seq, before, { merged: others }),
          );
          for (const d of others) await edits.discard(d.id);
          return doc;
        });
      } catch (e) {
        await spool.remove(name);
        throw e;
      }
    });
  }

  private async exists(id: string): Promise<boolean> {
    try {
      await this.deps.documents.get(id);
      return true;
    } catch {
      return false;
    }
  }

  /** After the upload: the earlier versions go (the archive keeps the file that was sent). */
  private async forget(id: string): Promise<void> {
    const { records, storage, spool } = this.deps;
    const rows = await records.all(id);
    if (rows.length === 0) return;
    // Merged-in documents were uploaded inside this one: their files go as an uploaded document's do.
    for (const r of rows)
      for (const d of r.merged ?? [])
        await this.deps
          .archive(d)
          .catch((e: unknown) => this.deps.logger.warn('merged document not archived', { documentId: d.id, error: e }));
    await storage.transaction(async () => records.removeAll(id));
    await storage.durable();
    for (const r of rows) await spool.remove(r.spoolName).catch(() => undefined);
    this.deps.logger.info('earlier page versions removed', { documentId: id, versions: rows.length });
  }

  /** Keeps the file a document had before an edit (for undo), with what the edit also did. */
  private recordEdit(
    id: string,
    seq: number,
    before: { spoolName: string; fileName: string; size: number; sha256: string },
    also: { splitInto?: string; merged?: StoredDocument[] } = {},
  ): Promise<void> {
    return this.deps.records.insert({
      documentId: id,
      seq,
      spoolName: before.spoolName,
      fileName: before.fileName,
      size: before.size,
      sha256: before.sha256,
      ...also,
    });
  }

  private async nextSeq(id: string): Promise<number> {
    // Spool names are never reused, even after an undo: a name is one content.
    const used = (await this.deps.documents.contentFile(id)).path;
    let seq = (await this.deps.records.maxSeq(id)) + 1;
    while (used.endsWith(`.edit${seq}`)) seq++;
    return seq;
  }

  /** One edit of a document at a time: the second waits for nothing, it is refused (a double click). */
  private async exclusive<T>(id: string, fn: () => Promise<T>): Promise<T> {
    if (this.busy.has(id))
      throw new IntakeError('local', 'document.busy', 'The pages of this document are being changed; try again.');
    this.busy.add(id);
    try {
      return await this.track(fn());
    } finally {
      this.busy.delete(id);
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const done = () => void this.running.delete(work);
    work.then(done, done);
    return work;
  }
}

/** An edit is always a PDF: `scan.tif` → `scan.pdf`. */
function asPdfName(fileName: string): string {
  const ext = extname(fileName);
  return ext.toLowerCase() === '.pdf' ? fileName : `${basename(fileName, ext)}.pdf`;
}
