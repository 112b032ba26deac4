import { useAppStore } from '../../app/store';
import { useT } from '../../i18n/i18n';
import { batchesNewestFirst } from './batch-progress-slice';
import { useSourceLabel } from '../document-view/folder-label';
import { ScanProgressText } from '../scanning/scan-progress';

/**
 * A scanned batch still being looked through, in its place at the top of the list (it is the newest
 * arrival; its documents take its arrival and appear under it as each separator sheet is passed): its
 * name, how far the analysis is, and how many documents it has given so far.
 */
export function BatchProgressRows() {
  const t = useT();
  const label = useSourceLabel();
  const batches = useAppStore((s) => s.captureBatches);
  if (batches.length === 0) return null;
  return (
    <ul className="batch-progress" aria-label={t('inbox.batch.label')} data-testid="batch-progress">
      {batchesNewestFirst(batches).map((b) => (
        <li key={b.id} className="batch-progress-row" data-testid="batch-progress-row" data-batch={b.id}>
          <span className="doc-name">{b.fileName}</span>
          {b.scan ? (
            <ScanProgressText batch={b} />
          ) : b.pages === null ? (
            <span className="doc-meta">
              {label(b.sourceFolder)} · {t('inbox.batch.waiting')}
            </span>
          ) : (
            <>
              <progress max={b.pages} value={b.analysed} aria-label={t('inbox.batch.label')} />
              <span className="doc-meta">
                {label(b.sourceFolder)} ·{' '}
                {t('inbox.batch.progress', { analysed: b.analysed, pages: b.pages, documents: b.documents })}
              </span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
