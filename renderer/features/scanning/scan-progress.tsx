import { useState } from 'react';
import type { CaptureBatchProgress } from '../../../shared/domain/capture';
import type { IpcError } from '../../../shared/ipc/errors';
import { useAppStore } from '../../app/store';
import { ErrorBanner } from '../../components/error-banner';
import type { Translate } from '../../i18n/i18n';
import { useCatalog } from '../../i18n/i18n';
import { intake } from '../../ipc/client';
import { toIpcError } from '../../ipc/ipc-error';
import { useSourceLabel } from '../document-view/folder-label';
import { fitSettings, remember, rememberedSettings } from './scan-settings';
import type { ScannerMessageKey } from './scanner-messages';
import { scannerMessages } from './scanner-messages';
import { useScanErrorText } from './scan-error-text';

/**
 * A scan's row in the inbox (issue #38): "page 7 scanned · 2 documents so far" while the scanner sends
 * pages; once it stopped with trouble, the scanner's state in plain words, and — only then, for the open
 * batch — "scan more into this batch" (the same scanner and profile, the last settings used with them) and
 * "finish this batch" (its last document is made).
 */
/** Why a stopped scan stopped, in the clerk's words: the scanner's trouble, else the pages it holds. */
export function stoppedReason(t: Translate<ScannerMessageKey>, batch: CaptureBatchProgress): string {
  const problem = batch.scan?.problem;
  return problem ? t(problem) : t('scan.stopped', { pages: batch.pages ?? 0 });
}

export function ScanProgressText({ batch }: { batch: CaptureBatchProgress }) {
  const t = useCatalog(scannerMessages);
  const label = useSourceLabel();
  const scan = batch.scan!;
  const pages = batch.pages ?? 0;
  const text =
    scan.state === 'finished'
      ? t('scan.finishing', { pages, documents: batch.documents })
      : pages === 0
        ? t('scan.progress.none')
        : t('scan.progress', { pages, documents: batch.documents });
  return (
    <>
      <span className="doc-meta scan-progress-text" data-testid="scan-progress">
        {label(batch.sourceFolder)} · {text}
      </span>
      {/* Its own line, wrapped in full: the reason says what the clerk does next (issue #48 item 4). */}
      {scan.state === 'stopped' && (
        <span role="status" className="scan-stopped" data-testid="scan-stopped">
          {stoppedReason(t, batch)}
        </span>
      )}
      {scan.state === 'stopped' && <OpenBatchActions batch={batch} scanner={scan.scanner} />}
    </>
  );
}

function OpenBatchActions({ batch, scanner }: { batch: CaptureBatchProgress; scanner: string }) {
  const t = useCatalog(scannerMessages);
  const scanErrorText = useScanErrorText();
  const folder = useAppStore((s) => s.settings?.folders.find((f) => f.path === batch.sourceFolder));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | undefined>();
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (e) {
      setError(toIpcError(e));
    } finally {
      setBusy(false);
    }
  };
  const more = () =>
    act(async () => {
      if (!folder) throw new Error(`no watched folder ${batch.sourceFolder}`);
      const caps = await intake().call('scanning.capabilities', { scanner });
      const request = fitSettings(rememberedSettings(scanner, folder.id), caps);
      remember(scanner, folder.id, request);
      await intake().call('scanning.start', { scanner, request, folderId: folder.id, batchId: batch.id });
    });
  const finish = () => act(() => intake().call('scanning.finish', { batchId: batch.id }));
  return (
    <div className="button-row scan-batch-actions">
      <button
        type="button"
        className="button button-small"
        data-testid="scan-more"
        disabled={busy || !folder}
        onClick={() => void more()}
      >
        {t('scan.more')}
      </button>
      <button
        type="button"
        className="button button-small"
        data-testid="scan-finish"
        disabled={busy}
        onClick={() => void finish()}
      >
        {t('scan.finish')}
      </button>
      {error && <ErrorBanner error={error} text={scanErrorText(error)} testId="scan-batch-error" />}
    </div>
  );
}
