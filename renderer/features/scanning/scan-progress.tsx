import type { CaptureBatchProgress } from '../../../shared/domain/capture';
import { useCatalog } from '../../i18n/i18n';
import { folderLabel } from '../document-view/folder-label';
import { scannerMessages } from './scanner-messages';

/**
 * A scan's row in the inbox (issue #38): "page 7 scanned · 2 documents so far" while the scanner sends
 * pages; once it stopped with trouble, the scanner's state in plain words (the pages that came stay in the
 * batch, which the clerk scans more into or finishes).
 */
export function ScanProgressText({ batch }: { batch: CaptureBatchProgress }) {
  const t = useCatalog(scannerMessages);
  const scan = batch.scan!;
  const pages = batch.pages ?? 0;
  const text =
    scan.state === 'finished'
      ? t('scan.finishing', { pages, documents: batch.documents })
      : pages === 0
        ? t('scan.progress.none')
        : t('scan.progress', { pages, documents: batch.documents });
  return (
    <span className="doc-meta" data-testid="scan-progress">
      {folderLabel(batch.sourceFolder)} · {text}
      {scan.state === 'stopped' && (
        <span role="status" className="scan-stopped" data-testid="scan-stopped">
          {' '}
          {scan.problem ? t(scan.problem) : t('scan.stopped', { pages })}
        </span>
      )}
    </span>
  );
}
