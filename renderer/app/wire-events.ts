import type { IntakeClient } from '../ipc/client';
import type { useAppStore } from './store';

type Store = typeof useAppStore;

/** Applies every event of the contract to the store, then loads what each screen starts from. */
export function wireEvents(client: IntakeClient, store: Store): () => void {
  const s = () => store.getState();
  const offs = [
    client.on('connection.changed', (c) => s().setConnection(c)),
    client.on('documents.changed', (p) => s().applyDocumentsChanged(p.documents, p.removed)),
    client.on('upload.progress', (p) => s().applyUploadProgress(p)),
    client.on('queue.changed', (q) => s().setQueueStatus(q)),
    client.on('notice.raised', (n) => s().raiseNotice(n)),
    client.on('settings.changed', (settings) => s().applySettings(settings)),
    client.on('activity.changed', (p) => s().applyActivityChanged(p.caseNumbers)),
  ];
  client
    .call('app.info', {})
    .then((info) => s().setInfo(info))
    .catch((e: unknown) => s().setBridgeError(e instanceof Error ? e.message : String(e)));
  void s().loadSettings();
  void s().loadDocuments();
  void s().loadQueueStatus();
  return () => offs.forEach((off) => off());
}
