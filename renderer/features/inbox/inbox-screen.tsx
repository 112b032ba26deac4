import { useAppStore } from '../../app/store';
import { ErrorBanner } from '../../components/error-banner';
import { useT } from '../../i18n/i18n';
import { PageStrip } from '../pages/page-strip';
import { TaggingForm } from '../tagging/tagging-form';
import { BatchProgressRows } from './batch-progress';
import { BatchReviews } from './batch-review';
import { DocumentList } from './document-list';
import { PrintSheetsPanel } from '../sheets/print-sheets';
import { ScanPanel } from '../scanning/scan-panel';
import { DocumentPreview } from '../document-view/document-preview';
import type { InboxFilter } from './document-order';

export function InboxScreen() {
  const t = useT();
  const active = useAppStore((s) => (s.selection.active ? s.documents[s.selection.active] : undefined));
  const count = useAppStore((s) => s.inboxOrder.length);
  const filter = useAppStore((s) => s.inboxFilter);
  const query = useAppStore((s) => s.inboxQuery);
  const loading = useAppStore((s) => s.inboxLoading);
  const error = useAppStore((s) => s.inboxError);
  const s = useAppStore.getState;
  return (
    <div className="inbox-screen">
      {/* List and preview: two columns of their own in a wide window, one column that scrolls in a narrow
          one (200 % zoom), beside the tagging form either way (inbox.css). */}
      <div className="inbox-main">
        <section className="inbox-list-pane" aria-labelledby="inbox-title">
          <div className="pane-header">
            <h2 id="inbox-title">{t('inbox.title')}</h2>
            <span className="count" data-testid="inbox-count">
              {t('inbox.count', { count })}
            </span>
            <span className="spacer" />
            <label className="visually-hidden" htmlFor="inbox-filter">
              {t('inbox.filter')}
            </label>
            <select
              id="inbox-filter"
              value={filter}
              onChange={(e) => s().setInboxFilter(e.target.value as InboxFilter)}
            >
              <option value="open">{t('inbox.filter.open')}</option>
              <option value="all">{t('inbox.filter.all')}</option>
            </select>
          </div>
          <ScanPanel />
          <PrintSheetsPanel />
          {/* The filter field has the pane's whole width, so its placeholder is never cut off. */}
          <div className="inbox-filters">
            <label className="visually-hidden" htmlFor="inbox-search">
              {t('inbox.search')}
            </label>
            <input
              id="inbox-search"
              type="search"
              placeholder={t('inbox.searchPlaceholder')}
              value={query}
              onChange={(e) => s().setInboxQuery(e.target.value)}
            />
          </div>
          {error && <ErrorBanner error={error} onRetry={() => void s().loadDocuments()} testId="inbox-error" />}
          {loading && <p className="muted loading-line">{t('inbox.loading')}</p>}
          {!loading && !error && count === 0 && query.trim() !== '' && (
            // Filtered to nothing: saying "no documents to tag" would send the clerk looking elsewhere.
            <div className="empty-state" data-testid="inbox-empty" data-filtered="true">
              <p>{t(filter === 'open' ? 'inbox.noMatchOpen' : 'inbox.noMatch', { query: query.trim() })}</p>
              <button type="button" className="button button-small" onClick={() => s().setInboxQuery('')}>
                {t('inbox.clearFilter')}
              </button>
            </div>
          )}
          {!loading && !error && count === 0 && query.trim() === '' && (
            <p className="empty-state" data-testid="inbox-empty">
              {t('inbox.empty')}
            </p>
          )}
          <BatchReviews />
          <BatchProgressRows />
          <DocumentList />
        </section>
        {/* Mounted anew for each file of a document: a page edit gives a new one (new sha256). */}
        <div className="preview-column">
          {active && <PageStrip key={`strip:${active.id}:${active.sha256}`} doc={active} />}
          {/* The page shown is the store's (pages-slice.ts): strip and preview follow each other. */}
          <DocumentPreview key={`preview:${active?.id ?? ''}:${active?.sha256 ?? ''}`} doc={active} />
        </div>
      </div>
      <TaggingForm />
    </div>
  );
}
