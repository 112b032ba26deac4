import { ClerkCommands } from './clerk-commands';
import { DocumentEdits } from './document-edits';
import { DocumentIntake } from './document-intake';
import { DocumentReadModel } from './document-read-model';
import type { DocumentStorage } from './document-storage';
import type { HistoryStorage } from './history-storage';
import { QueueWork } from './queue-work';
import type { ResourceHealth } from './resource-health';
import { UploadControl } from './upload-control';
import type { UploadControlDeps } from './upload-control';

/** Upload control's options, with the history and the spool files other owners keep. */
export interface DocumentQueueDeps extends Omit<UploadControlDeps, 'work'> {
  /**
   * The queue's storage port: every part of the queue goes through it (docs/architecture.md, "Storage
   * ports"); which engine is behind it is the composition's choice.
   */
  storage: DocumentStorage;
  /** The history's storage port (the queue screen's history reads it). */
  history: HistoryStorage;
  /** Spool files kept by others than the documents (page edits' earlier versions): not swept at start. */
  keptSpoolNames?(): Promise<Set<string>>;
}

/**
 * The durable queue: every document's state lives behind the storage port, its bytes in the spool. This file
 * only puts the queue's parts together, one job each, telling what changed through one QueueWork:
 * - intake (document-intake.ts): a file from a folder, capture's parts, a drop;
 * - page tools' edits (document-edits.ts): a document's file replaced, taken back, brought back;
 * - the clerk's commands (clerk-commands.ts): tag, submit, retry, cancel, the platform's confirmation;
 * - the read model (document-read-model.ts): list, get, content, history;
 * - upload control (upload-control.ts): the worker, start-up recovery, pause and resume, the status.
 * The methods below pass each call to its part, so the IPC handlers, the CLI and capture keep one handle.
 */
export class DocumentQueue {
  readonly work: QueueWork;
  readonly uploads: UploadControl;
  readonly documents: DocumentReadModel;
  readonly commands: ClerkCommands;
  readonly intake: DocumentIntake;
  readonly edits: DocumentEdits;
  /** The data folder's health (full disk, read-only database …), which status() reports as `storage`. */
  readonly health: ResourceHealth;

  constructor(deps: DocumentQueueDeps) {
    // The status is read only when queue.changed is sent (a timer), once the upload control exists.
    this.work = new QueueWork({
      storage: deps.storage,
      bus: deps.bus,
      clock: deps.clock,
      status: () => this.uploads.status(),
      recount: () => this.uploads.recount(),
      ...(deps.keptSpoolNames ? { keptSpoolNames: deps.keptSpoolNames } : {}),
    });
    this.uploads = new UploadControl({ ...deps, work: this.work });
    this.health = this.uploads.health;
    this.documents = new DocumentReadModel(deps.storage, deps.spool, this.uploads, deps.history, deps.fetchContent);
    this.commands = new ClerkCommands(this.work, deps.storage, this.uploads);
    this.intake = new DocumentIntake({
      work: this.work,
      storage: deps.storage,
      spool: deps.spool,
      uploads: this.uploads,
      health: this.health,
      logger: deps.logger,
    });
    this.edits = new DocumentEdits(this.work, deps.storage);
  }

  // upload control
  start: UploadControl['start'] = () => this.uploads.start();
  stop: UploadControl['stop'] = () => this.uploads.stop();
  status: UploadControl['status'] = () => this.uploads.status();
  freshStatus: UploadControl['freshStatus'] = () => this.uploads.freshStatus();
  pause: UploadControl['pause'] = () => this.uploads.pause();
  resume: UploadControl['resume'] = () => this.uploads.resume();
  drained: UploadControl['drained'] = (pollMs) => this.uploads.drained(pollMs);
  setConcurrency: UploadControl['setConcurrency'] = (n) => this.uploads.setConcurrency(n);
  reachable: UploadControl['reachable'] = () => this.uploads.reachable();
  kick: UploadControl['kick'] = () => this.uploads.kick();
  storageBack: UploadControl['storageBack'] = () => this.uploads.storageBack();
  archived: UploadControl['archived'] = (id) => this.uploads.archived(id);
  get pauseReason(): UploadControl['pauseReason'] {
    return this.uploads.pauseReason;
  }

  // intake
  hasSeen: DocumentIntake['hasSeen'] = (key) => this.intake.hasSeen(key);
  ingest: DocumentIntake['ingest'] = (file) => this.intake.ingest(file);
  failUnreadable: DocumentIntake['failUnreadable'] = (file, error) => this.intake.failUnreadable(file, error);
  adopt: DocumentIntake['adopt'] = (documents, also) => this.intake.adopt(documents, also);
  importBytes: DocumentIntake['importBytes'] = (name, bytes) => this.intake.importBytes(name, bytes);
  importStream: DocumentIntake['importStream'] = (name, source) => this.intake.importStream(name, source);

  // page tools' edits
  replaceContent: DocumentEdits['replaceContent'] = (id, file, message, also) =>
    this.edits.replaceContent(id, file, message, also);
  discard: DocumentEdits['discard'] = (id) => this.edits.discard(id);
  readmit: DocumentEdits['readmit'] = (d, message) => this.edits.readmit(d, message);

  // the read model
  list: DocumentReadModel['list'] = (q) => this.documents.list(q);
  get: DocumentReadModel['get'] = (id) => this.documents.get(id);
  stored: DocumentReadModel['stored'] = (id) => this.documents.stored(id);
  contentFile: DocumentReadModel['contentFile'] = (id) => this.documents.contentFile(id);
  content: DocumentReadModel['content'] = (id) => this.documents.content(id);
  history: DocumentReadModel['history'] = (q) => this.documents.history(q);

  // the clerk's commands
  tag: ClerkCommands['tag'] = (ids, metadata) => this.commands.tag(ids, metadata);
  submit: ClerkCommands['submit'] = (ids, metadata, confirm, graceMs) =>
    this.commands.submit(ids, metadata, confirm, graceMs);
  retry: ClerkCommands['retry'] = (ids) => this.commands.retry(ids);
  cancel: ClerkCommands['cancel'] = (ids) => this.commands.cancel(ids);
  markConfirmed: ClerkCommands['markConfirmed'] = (id, at) => this.commands.markConfirmed(id, at);
}
