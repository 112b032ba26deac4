/**
 * What the upload sends for a document (issue #39): the spool copy as it is, or its searchable PDF.
 *
 * The choice is made once per document, before its first upload, and kept on disk in `<dir>/<id>.json`
 * (written atomically after the PDF, `<dir>/<id>.pdf`, is whole and fsynced): every retry, after a
 * restart too, sends the same bytes under the same Idempotency-Key, whatever the settings say by then.
 * A build that fails (encrypted PDF, a worker that died or ran out of its budget, a full disk) is a
 * choice as well: the original is sent, the clerk hears why (notice `output.failed`) and the document's
 * history says so. Nothing is lost either way: the original stays in the spool and goes to the archive.
 * A kill -9 while the PDF is built leaves no decision: the next start builds it again, however often that
 * happens (the program's end is held against no file; only a build that crashes its text worker or runs
 * out of time makes the original go, with a warning: document-text.ts, issue #45).
 */
import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { historyStep } from '../../../shared/domain/history';
import type { HistoryStep } from '../../../shared/domain/history';
import type { OutputChoice } from '../../../shared/domain/output';
import { writeFileAtomic } from '../util/atomic-write';

export interface SendFile {
  path: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** A document as the upload knows it (StoredDocument's fields used here). */
export interface OutgoingDocument {
  id: string;
  fileName: string;
  contentType: string;
  sourceFolder: string;
  /** The spool copy's content: a decision made for other bytes (a page edit since) is made again. */
  sha256: string;
}

/**
 * The build was cut off by the program closing: nothing is decided (a decision would send this document
 * as scanned for good); the upload attempt counts as interrupted and the next start builds it again.
 */
export class OutputCutOff extends Error {
  constructor() {
    super('the searchable PDF was not finished: the program is closing');
  }
}

export type BuildOutcome =
  | { ok: true; textPages: number[]; bitonalPages: number[]; greyPages: number[]; size: number; sha256: string }
  | { ok: false; message: string };

export interface OutgoingFilesDeps {
  /** `<data>/outgoing`. */
  dir: string;
  choiceOf(doc: OutgoingDocument): OutputChoice;
  /**
   * Reads every page and writes the searchable PDF to outPath (DocumentTextService.searchablePdf), in the
   * OCR languages of `doc`'s folder.
   */
  build(sourcePath: string, outPath: string, smaller: boolean, doc: OutgoingDocument): Promise<BuildOutcome>;
  /** The clerk hears that a document goes as scanned since its searchable PDF could not be made. */
  failed(doc: OutgoingDocument, reason: string): void;
}

const DecisionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('searchable-pdf'),
    source: z.string(),
    fileName: z.string().min(1),
    size: z.number().int().min(0),
    sha256: z.string(),
    textPages: z.array(z.number().int()),
    bitonalPages: z.array(z.number().int()),
    /** Absent in a decision written before it was kept: none. */
    greyPages: z.array(z.number().int()).default([]),
  }),
  z.object({ kind: z.literal('original'), source: z.string(), reason: z.string().optional() }),
]);
type Decision = z.infer<typeof DecisionSchema>;

/** The formats a searchable PDF is made of: what capture opens as pages. */
const PAGE_TYPES = new Set(['application/pdf', 'image/tiff', 'image/jpeg', 'image/png']);

export const pdfNameOf = (fileName: string) =>
  /\.pdf$/i.test(fileName) ? fileName : `${fileName.replace(/\.[^.]*$/, '')}.pdf`;

export interface Prepared {
  /** What to send instead of the spool copy; absent: the spool copy. */
  send?: SendFile;
  /** The upload's history step, when it says more than "uploaded" (shared/domain/history.ts). */
  step?: HistoryStep;
}

export class OutgoingFiles {
  constructor(private readonly deps: OutgoingFilesDeps) {}

  private pdfPath(id: string) {
    return join(this.deps.dir, `${id}.pdf`);
  }
  private decisionPath(id: string) {
    return join(this.deps.dir, `${id}.json`);
  }

  /** Before an upload (its key on disk, the spool copy there): what to send. */
  async prepare(doc: OutgoingDocument, spoolPath: string): Promise<Prepared> {
    let decision = await this.decided(doc.id);
    if (decision?.source !== doc.sha256) decision = undefined;
    if (!decision) {
      const choice = this.deps.choiceOf(doc);
      if (choice.output !== 'searchable-pdf' || !PAGE_TYPES.has(doc.contentType)) return {};
      decision = await this.decide(doc, spoolPath, choice.smaller);
    }
    if (decision.kind === 'original')
      return decision.reason ? { step: historyStep('uploadedAsScanned', { reason: decision.reason }) } : {};
    const path = this.pdfPath(doc.id);
    const size = await stat(path).then(
      (s) => s.size,
      () => undefined,
    );
    if (size !== decision.size) {
      // The decision stands and its PDF went missing (removed by hand): made again from the same input,
      // which gives the same bytes (searchable-pdf.ts); should it not, the original goes instead.
      const again = await this.deps.build(spoolPath, path, decision.bitonalPages.length > 0, doc);
      if (!again.ok || again.sha256 !== decision.sha256) {
        // Decided for good, and said once (a retry sends the original without a second warning).
        const reason = 'its searchable PDF was lost and could not be made again the same';
        await rm(path, { force: true });
        await writeFileAtomic(
          this.decisionPath(doc.id),
          JSON.stringify({ kind: 'original', source: doc.sha256, reason }),
        );
        this.deps.failed(doc, reason);
        return { step: historyStep('uploadedAsScanned', { reason }) };
      }
    }
    const read = decision.textPages.length;
    const bitonal = decision.bitonalPages.length;
    const grey = decision.greyPages.length;
    return {
      send: { path, fileName: decision.fileName, contentType: 'application/pdf', size: decision.size },
      step: grey
        ? historyStep('uploadedSearchableKeptGrey', { read, bitonal, grey })
        : historyStep('uploadedSearchable', { read, bitonal }),
    };
  }

  /** The document is archived or gone: its outgoing files go. */
  async remove(id: string): Promise<void> {
    await rm(this.decisionPath(id), { force: true });
    await rm(this.pdfPath(id), { force: true });
  }

  /** At start: files of documents that no longer wait for an upload, and half-written temp files. */
  async sweep(waiting: (id: string) => boolean | Promise<boolean>): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.deps.dir).catch(() => [] as string[])) {
      const id = name.replace(/\.(pdf|json)$/, '');
      if (name.endsWith('.tmp') || !(await waiting(id))) {
        await rm(join(this.deps.dir, name), { force: true });
        removed++;
      }
    }
    return removed;
  }

  private async decided(id: string): Promise<Decision | undefined> {
    const text = await readFile(this.decisionPath(id), 'utf8').catch(() => undefined);
    if (text === undefined) return undefined;
    const parsed = DecisionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  }

  private async decide(doc: OutgoingDocument, spoolPath: string, smaller: boolean): Promise<Decision> {
    await mkdir(this.deps.dir, { recursive: true, mode: 0o700 });
    let decision: Decision;
    const built = await this.deps
      .build(spoolPath, this.pdfPath(doc.id), smaller, doc)
      .catch((e: unknown): BuildOutcome => {
        if (e instanceof OutputCutOff) throw e;
        return { ok: false, message: e instanceof Error ? e.message : String(e) };
      });
    if (built.ok) {
      decision = {
        kind: 'searchable-pdf',
        source: doc.sha256,
        fileName: pdfNameOf(doc.fileName),
        size: built.size,
        sha256: built.sha256,
        textPages: built.textPages,
        bitonalPages: built.bitonalPages,
        greyPages: built.greyPages,
      };
    } else {
      decision = { kind: 'original', source: doc.sha256, reason: built.message.slice(0, 300) };
      await rm(this.pdfPath(doc.id), { force: true });
      this.deps.failed(doc, decision.reason ?? '');
    }
    await writeFileAtomic(this.decisionPath(doc.id), JSON.stringify(decision));
    return decision;
  }
}
