/**
 * The line's other way in (issue #38): a scan from the desk. A batch is opened for it (the folder profile's
 * capture settings, metadata and auto-submit, as a file from that folder would have them), its pages are
 * written one by one as the scanner sends them (fsynced: capture/scans/), and each page goes on down the same
 * line as a file's pages do; the clerk (or the feeder's end) finishes it.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { CaptureBatchProgress } from '../../../../shared/domain/capture';
import type { Metadata } from '../../../../shared/domain/metadata';
import type { ScannerProblemCode } from '../../../../shared/domain/scanning';
import type { IncomingFile } from '../../intake/incoming-file';
import type { CaptureBatch } from './batch-storage';
import { type CaptureLine, LineStage } from './capture-line';

export class ScanIntake extends LineStage {
  constructor(
    line: CaptureLine,
    /** A page arrived or the scan was finished: its analysis goes on in the scan's own lane. */
    private readonly analyseSoon: (batch: CaptureBatch) => void,
    /** Resolves when no batch waits for analysis. */
    private readonly idle: () => Promise<void>,
  ) {
    super(line);
  }

  /**
   * Opens a batch for a scan into a folder profile (its capture settings, metadata and auto-submit, as a
   * file from that folder would have them). Its pages come with addScanPage as the scanner sends them; its
   * documents are made while it is scanned; its last one when it is finished (finishScan).
   */
  async openScan(s: {
    folder: string;
    fileName: string;
    scanner: string;
    metadata: Metadata;
    capture: NonNullable<IncomingFile['capture']>;
  }): Promise<CaptureBatch> {
    const { documents, batches } = this.deps;
    if (!this.deps.scans) throw new Error('this station takes no scans');
    const id = randomUUID();
    const at = this.now();
    const batch: CaptureBatch = {
      id,
      kind: 'scan',
      scanOpen: true,
      scanner: s.scanner,
      fileName: s.fileName,
      sourceFolder: s.folder,
      sourcePath: '',
      sourceSize: 0,
      sourceMtimeMs: 0,
      size: 0,
      // No scanner file: the parts are linked to the scan by its id.
      sha256: createHash('sha256').update(`scan:${id}`).digest('hex'),
      state: 'received',
      profile: s.capture.profile,
      metadata: s.metadata,
      autoSubmit: s.capture.autoSubmit,
      requiredFields: s.capture.requiredFields,
      receivedAt: at,
    };
    await batches.insert(batch);
    await documents.durable();
    this.deps.logger.info('scan opened', { batch: id, scanner: s.scanner, folder: s.folder });
    this.advance(batch, {});
    return batch;
  }

  /**
   * One page the scanner sent: on disk (fsynced) before this returns, then analysed with the scan's other
   * pages; a document a separator sheet closes is made at once. Returns the number of pages scanned.
   */
  async addScanPage(batchId: string, bytes: Uint8Array, mediaType: string): Promise<number> {
    const scans = this.deps.scans!;
    const batch = await this.deps.batches.get(batchId);
    if (!batch || batch.kind !== 'scan' || !batch.scanOpen || batch.state !== 'received')
      throw new Error(`scan ${batchId} is not open`);
    const pages = (await this.scanPages(batchId)).length;
    await scans.write(batchId, pages, bytes, mediaType);
    this.advance(batch, { pages: pages + 1 });
    this.analyseSoon(batch);
    return pages + 1;
  }

  /** The scanner's state for the progress row (scanning, stopped with a reason). */
  async setScanState(batchId: string, state: 'scanning' | 'stopped', problem?: ScannerProblemCode): Promise<void> {
    const p = this.line.progress.get(batchId);
    const batch = await this.deps.batches.get(batchId);
    if (!p?.scan || !batch) return;
    this.advance(batch, { scan: { scanner: p.scan.scanner, state, ...(problem ? { problem } : {}) } });
  }

  /** "Scan more into this batch": an open scan takes pages again (refused once finished). */
  async scanMore(batchId: string): Promise<CaptureBatch> {
    const batch = await this.deps.batches.get(batchId);
    if (!batch || batch.kind !== 'scan' || !batch.scanOpen || batch.state !== 'received')
      throw new Error(`scan ${batchId} cannot take more pages: it is finished`);
    await this.setScanState(batchId, 'scanning');
    return batch;
  }

  /** The clerk (or the feeder's end) finished the scan: its last document is made, then it is split. */
  async finishScan(batchId: string): Promise<void> {
    const { documents, batches } = this.deps;
    // Read and finished in one unit: two "finish"es (the clerk's and the feeder's end) finish it once.
    const batch = await batches.transaction(async (tx) => {
      const b = await tx.get(batchId);
      if (!b || b.kind !== 'scan') throw new Error(`no scan ${batchId}`);
      if (!b.scanOpen) return undefined;
      await tx.setScanOpen(batchId, false, this.now());
      return b;
    });
    if (!batch) return;
    await documents.durable();
    const p = this.line.progress.get(batchId);
    if (p?.scan) this.advance(batch, { scan: { scanner: p.scan.scanner, state: 'finished' } });
    this.analyseSoon(batch);
  }

  /** Scans still open (a fault, a cancel or a restart stopped them): the clerk continues or finishes each. */
  async openScans(): Promise<CaptureBatch[]> {
    return (await this.deps.batches.inState('received')).filter((b) => b.kind === 'scan' && b.scanOpen);
  }

  /** Resolves when the scan's documents are all made (it was finished and is split, or done). */
  async scanSettled(batchId: string): Promise<void> {
    for (;;) {
      await this.idle();
      const b = await this.deps.batches.get(batchId);
      if (!b || b.state !== 'received' || this.stopping) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private scanPages(batchId: string): Promise<string[]> {
    return this.deps.scans?.pages(batchId) ?? Promise.resolve([]);
  }

  /** After a restart no scanner is sending: an open scan is stopped, waiting for the clerk. */
  scanAfterRestart(b: CaptureBatch): CaptureBatchProgress['scan'] {
    return { scanner: b.scanner ?? '', state: b.scanOpen ? 'stopped' : 'finished' };
  }
}
