import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { HeldBatch } from '../../../shared/domain/capture';
import { HELD_CONTENT_PREFIX, heldScanPageId } from '../../../shared/domain/capture';
import type { IpcError } from '../../../shared/ipc/errors';
import { useAppStore } from '../../app/store';
import { ErrorBanner } from '../../components/error-banner';
import { useCatalog } from '../../i18n/i18n';
import { intake } from '../../ipc/client';
import { toIpcError } from '../../ipc/ipc-error';
import { readWhole } from '../document-view/document-bytes';
import type { PageSource } from '../pages/page-sources';
import { openImagePages, openPages } from '../pages/page-sources';
import type { ReviewState } from './batch-review-model';
import {
  initialReview,
  moveBoundary,
  reviewDocuments,
  reviewSummary,
  toggleBoundary,
  togglePage,
} from './batch-review-model';
import { reviewMessages } from './batch-review-messages';

const THUMB_WIDTH = 56;
/** Thumbnails are drawn from the batch's original only up to this size (a larger one shows page numbers). */
const MAX_THUMB_BYTES = 60 * 1024 * 1024;

/** Batches held for review (issue #38 item 8), above the inbox list: each with its planned split. */
export function BatchReviews() {
  const t = useCatalog(reviewMessages);
  const held = useAppStore((s) => s.heldBatches);
  if (held.length === 0) return null;
  return (
    <div className="batch-reviews" aria-label={t('review.label')} role="region">
      {held.map((b) => (
        <BatchReview key={b.id} batch={b} />
      ))}
    </div>
  );
}

function kindOf(fileName: string): { kind: 'pdf' | 'tiff' | 'image'; type: string } {
  const ext = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (ext === 'tif' || ext === 'tiff') return { kind: 'tiff', type: 'image/tiff' };
  if (ext === 'jpg' || ext === 'jpeg') return { kind: 'image', type: 'image/jpeg' };
  if (ext === 'png') return { kind: 'image', type: 'image/png' };
  return { kind: 'pdf', type: 'application/pdf' };
}

/**
 * A held scan's pages (issue #38): each page its own image, read when its thumbnail is drawn (a scan has no
 * one original). A page that cannot be read or drawn keeps its tile without a picture.
 */
function scannedPages(batchId: string, count: number): PageSource {
  return {
    count,
    async draw(index, canvas, width) {
      const blob = await readWhole(
        intake().contentSource(heldScanPageId(batchId, index)),
        'application/octet-stream',
        MAX_THUMB_BYTES,
      );
      if (!blob) return;
      const page = await openImagePages(blob);
      try {
        await page.draw(0, canvas, width);
      } finally {
        page.close();
      }
    },
    close: () => undefined,
  };
}

/** The original's pages for the thumbnails; undefined until (or unless) they can be drawn. */
function useOriginalPages(batch: HeldBatch): PageSource | undefined {
  const [source, setSource] = useState<PageSource>();
  const count = batch.pages.length;
  const scanned = useMemo(
    () => (batch.scanned ? scannedPages(batch.id, count) : undefined),
    [batch.id, batch.scanned, count],
  );
  useEffect(() => {
    if (batch.scanned) return;
    const abort = new AbortController();
    let opened: PageSource | undefined;
    const { kind, type } = kindOf(batch.fileName);
    void readWhole(intake().contentSource(`${HELD_CONTENT_PREFIX}${batch.id}`), type, MAX_THUMB_BYTES, abort.signal)
      .then(async (blob) => {
        if (!blob || abort.signal.aborted) return;
        opened = await openPages(kind, blob);
        if (abort.signal.aborted) opened.close();
        else setSource(opened);
      })
      // Thumbnails are a help: without them the tiles show page numbers and roles.
      .catch(() => undefined);
    return () => {
      abort.abort();
      opened?.close();
    };
  }, [batch.id, batch.fileName, batch.scanned]);
  return scanned ?? source;
}

function Thumb(props: { source: PageSource | undefined; page: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const { source, page } = props;
  useEffect(() => {
    if (source && ref.current) void source.draw(page, ref.current, THUMB_WIDTH).catch(() => undefined);
  }, [source, page]);
  return <canvas ref={ref} className="review-thumb" aria-hidden="true" />;
}

function BatchReview(props: { batch: HeldBatch }) {
  const { batch } = props;
  const t = useCatalog(reviewMessages);
  const id = useId();
  const [state, setState] = useState<ReviewState>(() => initialReview(batch));
  const [focused, setFocused] = useState(0);
  const [expected, setExpected] = useState('');
  const [releasing, setReleasing] = useState(false);
  const [error, setError] = useState<IpcError>();
  const listRef = useRef<HTMLOListElement>(null);
  const source = useOriginalPages(batch);
  const documents = reviewDocuments(batch, state);
  const summary = reviewSummary(batch, state);
  const docOf = new Map<number, number>();
  documents.forEach((pages, i) => pages.forEach((p) => docOf.set(p, i + 1)));
  const firstOf = new Set(documents.map((d) => d[0]!));
  const expectedCount = /^\d+$/.test(expected.trim()) ? Number(expected.trim()) : undefined;

  const focusPage = (index: number) => {
    const next = Math.max(0, Math.min(batch.pages.length - 1, index));
    setFocused(next);
    listRef.current?.querySelectorAll<HTMLElement>('[data-testid="review-page"]')[next]?.focus();
  };

  const onKey = (e: React.KeyboardEvent, page: number, index: number) => {
    if (e.altKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      e.preventDefault();
      const by = e.key === 'ArrowLeft' ? -1 : 1;
      // The boundary of this page's document: the mark at or before it.
      let mark = page;
      while (mark > 0 && !state.starts.has(mark)) mark--;
      if (!state.starts.has(mark)) return;
      const next = moveBoundary(batch, state, mark, by);
      if (next !== state) {
        setState(next);
        focusPage(mark + by);
      }
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusPage(index - 1);
    } else if (e.key === 'ArrowRight' || e.key === 'ArrowDown') {
      e.preventDefault();
      focusPage(index + 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      focusPage(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focusPage(batch.pages.length - 1);
    } else if (e.key === ' ') {
      e.preventDefault();
      setState(togglePage(state, page));
    } else if (e.key === 'b' || e.key === 'B') {
      e.preventDefault();
      if (index > 0) setState(toggleBoundary(state, page));
    }
  };

  const release = () => {
    setReleasing(true);
    setError(undefined);
    intake()
      .call('capture.release', { batchId: batch.id, documents })
      .catch((e: unknown) => {
        setError(toIpcError(e));
        setReleasing(false);
      });
  };

  return (
    <section className="batch-review" aria-labelledby={`${id}-title`} data-testid="batch-review" data-batch={batch.id}>
      <h3 id={`${id}-title`}>{t('review.title', { file: batch.fileName })}</h3>
      <p data-testid="review-summary" aria-live="polite">
        {t('review.summary', { pages: summary.pages, documents: summary.documents, blanks: summary.blanksDropped })}
      </p>
      <label className="review-expected">
        {t('review.expected')}
        <input
          type="number"
          min={0}
          inputMode="numeric"
          value={expected}
          onChange={(e) => setExpected(e.target.value)}
          data-testid="review-expected"
        />
      </label>
      {expectedCount !== undefined && expectedCount !== summary.documents && (
        <p className="banner banner-warning" role="alert" data-testid="review-warning">
          {t('review.mismatch', { expected: expectedCount, documents: summary.documents })}
        </p>
      )}
      <p className="muted review-keys" id={`${id}-keys`}>
        {t('review.keys')}
      </p>
      <ol
        className="review-pages"
        ref={listRef}
        aria-label={t('review.pages', { file: batch.fileName })}
        aria-describedby={`${id}-keys`}
      >
        {batch.pages.map(({ page, role }, index) => {
          const n = docOf.get(page);
          const roleText = role === 'content' ? '' : `, ${t(`review.role.${role}`)}`;
          const place =
            n === undefined
              ? t('review.leftOut')
              : firstOf.has(page)
                ? t('review.startsDocument', { n })
                : t('review.inDocument', { n });
          return (
            <li
              key={page}
              className={`review-page-item${n !== undefined && firstOf.has(page) ? ' review-starts' : ''}`}
            >
              {n !== undefined && firstOf.has(page) && (
                <span className="review-doc-label" aria-hidden="true">
                  {t('review.document', { n })}
                </span>
              )}
              <button
                type="button"
                className={`review-page review-${role}${n === undefined ? ' review-out' : ''}`}
                tabIndex={index === focused ? 0 : -1}
                onKeyDown={(e) => onKey(e, page, index)}
                onFocus={() => setFocused(index)}
                onClick={() => setState(togglePage(state, page))}
                data-testid="review-page"
                data-page={page}
                data-document={n ?? ''}
              >
                {/* Its name is the whole sentence; the tile's short marks are for the eye. */}
                <span className="visually-hidden">
                  {t('review.pageLabel', { page: page + 1, role: roleText, place })}
                </span>
                <Thumb source={source} page={page} />
                <span className="review-page-number" aria-hidden="true">
                  {page + 1}
                </span>
                {role !== 'content' && (
                  <span className="review-role" aria-hidden="true">
                    {t(`review.role.${role}`)}
                  </span>
                )}
                {n === undefined && (
                  <span className="review-role" aria-hidden="true">
                    {t('review.out')}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
      {documents.length === 0 && <p className="muted">{t('review.nothing')}</p>}
      {error && <ErrorBanner error={error} testId="review-error" />}
      <button
        type="button"
        className="button button-primary"
        disabled={releasing || documents.length === 0}
        onClick={release}
        data-testid="review-release"
      >
        {releasing ? t('review.releasing') : t('review.release', { documents: documents.length })}
      </button>
    </section>
  );
}
