import type { IntakeClient } from '../ipc/client';
import type { useAppStore } from './store';

type Store = typeof useAppStore;

const HISTORY_STATES = new Set(['uploaded', 'archived', 'failed']);
const HISTORY_RELOAD_MS = 400;

/** Applies every event of the contract to the store, then loads what each screen starts from. */
export function wireEvents(client: IntakeClient, store: Store): () => void {
  const s = () => store.getState();
  // The upload history grows when a document reaches an end state: reload it once per burst of events.
  let historyTimer: ReturnType<typeof setTimeout> | undefined;
  const historyMayHaveGrown = (states: string[]) => {
    if (!states.some((state) => HISTORY_STATES.has(state))) return;
    clearTimeout(historyTimer);
    historyTimer = setTimeout(() => void s().loadHistory(), HISTORY_RELOAD_MS);
  };
  const offs = [
    client.on('connection.changed', (c) => s().setConnection(c)),
    client.on('documents.changed', (p) => {
      s().applyDocumentsChanged(p.documents, p.removed, 'event');
      historyMayHaveGrown(p.documents.map((d) => d.state));
    }),
    client.on('upload.progress', (p) => s().applyUploadProgress(p)),
    client.on('queue.changed', (q) => s().setQueueStatus(q)),
    client.on('notice.raised', (n) => s().raiseNotice(n)),
    client.on('capture.batches', (p) => s().applyCaptureBatches(p.batches)),
    client.on('capture.held', (p) => s().applyHeldBatches(p.batches)),
    client.on('settings.changed', (settings) => s().applySettings(settings)),
    client.on('activity.changed', (p) => s().applyActivityChanged(p.caseNumbers)),
    // The web shell's socket: say when it is lost or refused (the app restarted), and after it is back,
    // read everything again, since events were missed meanwhile (issue #31 item 9).
    client.onLink((link) => {
      if (link === 'lost' || link === 'refused') return s().setLink(link);
      s().setLink(undefined);
      if (link === 'reconnected') load();
    }),
    client.on('app.navigate', (p) => {
      s().setScreen(p.screen);
      if (p.documentId) s().selectDocument(p.documentId, 'single');
    }),
  ];
  const load = () => {
    client
      .call('app.info', {})
      .then((info) => s().setInfo(info))
      .catch((e: unknown) => s().setBridgeError(e instanceof Error ? e.message : String(e)));
    void s().loadSettings();
    // Typed values not yet sent first, so the first document shown shows them (issue #31 item 2).
    void s().loadDrafts();
    void s().loadDocuments();
    void s().loadCaptureBatches();
    void s().loadQueueStatus();
  };
  load();
  return () => {
    clearTimeout(historyTimer);
    offs.forEach((off) => off());
  };
}
