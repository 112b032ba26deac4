import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { Document } from '../../../shared/domain/document';
import type { IpcError } from '../../../shared/ipc/errors';
import { ErrorBanner } from '../../app/error-banner';
import { useAppStore } from '../../app/store';
import { toIpcError } from '../../app/ipc-error';
import { formatBytes, formatDateTime, useLocale, useT } from '../../i18n/i18n';
import { intake } from '../../ipc/client';
import { readRange, readWhole } from './document-bytes';
import { folderLabel } from './document-order';
import { loadPdfjs, PdfView } from './pdf-view';
import type { PdfStart } from './pdf-view';
import { previewKind } from './preview-kind';
import { TiffView } from './tiff-view';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
/** pdf.js starts from the first 256 KiB (header, often the first page) and asks for the rest by range. */
const FIRST_CHUNK = 256 * 1024;
/** Images are decoded whole; a larger one gets file info instead of filling the page's memory. */
const IMAGE_MAX_BYTES = 64 * 1024 * 1024;

type Content = { id: string } & (
  | { kind: 'pdf'; start: PdfStart }
  | { kind: 'image'; blob?: Blob }
  | { kind: 'tiff'; bytes?: ArrayBuffer }
  | { kind: 'none' }
);

export function DocumentPreview(props: {
  doc: Document | undefined;
  /** A page to show (1-based), e.g. chosen in the page strip; a new object each time. */
  show?: { page: number } | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const { doc } = props;
  const [content, setContent] = useState<Content>();
  const [error, setError] = useState<IpcError>();
  const [renderError, setRenderError] = useState<string>();
  const [zoomIndex, setZoomIndex] = useState(2);
  const [page, setPage] = useState(1);
  const [pages, setPages] = useState(1);
  const [reload, setReload] = useState(0);
  // A suggestion's place on its page (tagging form, Alt+V): the preview turns to that page and marks it.
  const mark = useAppStore((st) => (st.previewMark?.documentId === doc?.id ? st.previewMark : undefined));
  const markRef = useRef<HTMLDivElement>(null);
  const [markTick, setMarkTick] = useState<number>();
  if (mark && mark.tick !== markTick) {
    // Adjusted while rendering (not in an effect): a new mark turns to its page in the same render.
    setMarkTick(mark.tick);
    setPage(mark.page + 1);
  }
  useEffect(() => {
    markRef.current?.scrollIntoView?.({ block: 'center', inline: 'center' });
  }, [mark, page, content]);
  // A page asked for from outside (the page strip): adopted while rendering, as React recommends.
  const [shown, setShown] = useState(props.show);
  if (props.show !== shown) {
    setShown(props.show);
    if (props.show) setPage(props.show.page);
  }

  const id = doc?.id;
  const contentType = doc?.contentType ?? '';
  const fileName = doc?.fileName ?? '';
  // The screen mounts one preview per document (key = id), so state starts fresh for each. The bytes are
  // read by HTTP Range from the shell (never through the IPC contract): a 2 GiB PDF shows its first page.
  useEffect(() => {
    if (!id) return;
    const abort = new AbortController();
    const kind = previewKind(contentType, fileName);
    const source = intake().contentSource(id);
    // pdf.js (2 MB with its worker) loads while the first range is read, not after it.
    if (kind === 'pdf') void loadPdfjs().catch(() => undefined);
    const load: Promise<Content> =
      kind === 'pdf'
        ? readRange(source, 0, FIRST_CHUNK - 1, abort.signal).then((first) => ({
            id,
            kind,
            start: { source, first: first.bytes, total: first.total },
          }))
        : kind === 'image'
          ? readWhole(source, contentType, IMAGE_MAX_BYTES, abort.signal).then((blob) => ({
              id,
              kind,
              ...(blob ? { blob } : {}),
            }))
          : kind === 'tiff'
            ? readWhole(source, contentType, IMAGE_MAX_BYTES, abort.signal)
                .then((blob) => blob?.arrayBuffer())
                .then((bytes) => ({ id, kind, ...(bytes ? { bytes } : {}) }))
            : Promise.resolve({ id, kind });
    load.then(setContent).catch((e: unknown) => !abort.signal.aborted && setError(toIpcError(e)));
    return () => abort.abort();
  }, [id, contentType, fileName, reload]);

  const kind = content?.kind;
  const blob = content?.kind === 'image' ? content.blob : undefined;
  const imageUrl = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(
    () => () => {
      if (imageUrl) URL.revokeObjectURL(imageUrl);
    },
    [imageUrl],
  );
  const onPages = useCallback((n: number) => setPages(n), []);
  const onError = useCallback((m: string) => setRenderError(m), []);

  if (!doc) {
    return (
      <section className="preview empty" aria-label={t('preview.label')}>
        <p>{t('preview.nothingSelected')}</p>
      </section>
    );
  }

  const zoom = ZOOMS[zoomIndex] ?? 1;
  const shownPage = kind === 'pdf' ? page : 1;
  const markBox = mark?.box && mark.page + 1 === shownPage ? mark.box : undefined;
  const markOverlay = markBox && (
    <div
      ref={markRef}
      key={mark?.tick}
      className="text-mark"
      data-testid="text-mark"
      style={{
        left: `${markBox.x * 100}%`,
        top: `${markBox.y * 100}%`,
        width: `${markBox.w * 100}%`,
        height: `${markBox.h * 100}%`,
      }}
    />
  );
  const onKeyDown = (e: KeyboardEvent) => {
    const map: Record<string, () => void> = {
      '+': () => setZoomIndex((z) => Math.min(ZOOMS.length - 1, z + 1)),
      '=': () => setZoomIndex((z) => Math.min(ZOOMS.length - 1, z + 1)),
      '-': () => setZoomIndex((z) => Math.max(0, z - 1)),
      '0': () => setZoomIndex(2),
      PageDown: () => setPage((p) => Math.min(pages, p + 1)),
      PageUp: () => setPage((p) => Math.max(1, p - 1)),
    };
    const fn = map[e.key];
    if (fn && !e.altKey && !e.ctrlKey) {
      fn();
      e.preventDefault();
    }
  };

  const info = (
    <dl className="file-info" data-testid="file-info">
      <dt>{t('preview.fileName')}</dt>
      <dd>{doc.fileName}</dd>
      <dt>{t('preview.folder')}</dt>
      <dd title={doc.sourceFolder}>{folderLabel(doc.sourceFolder)}</dd>
      <dt>{t('preview.size')}</dt>
      <dd>{formatBytes(locale, doc.size)}</dd>
      <dt>{t('preview.type')}</dt>
      <dd>{doc.contentType}</dd>
      <dt>{t('preview.arrived')}</dt>
      <dd>{formatDateTime(locale, doc.arrivedAt)}</dd>
    </dl>
  );

  return (
    <section className="preview" aria-label={t('preview.label')} data-testid="preview">
      <div className="preview-toolbar" role="toolbar" aria-label={t('preview.toolbar')}>
        <button
          type="button"
          className="icon-button"
          aria-label={t('preview.zoomOut')}
          onClick={() => setZoomIndex((z) => Math.max(0, z - 1))}
          disabled={kind === 'none'}
        >
          −
        </button>
        <span className="zoom-value" aria-live="polite">
          {Math.round(zoom * 100)} %
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label={t('preview.zoomIn')}
          onClick={() => setZoomIndex((z) => Math.min(ZOOMS.length - 1, z + 1))}
          disabled={kind === 'none'}
        >
          +
        </button>
        {(kind === 'pdf' || kind === 'tiff') && (
          <>
            <button
              type="button"
              className="icon-button"
              aria-label={t('preview.previousPage')}
              onClick={() => setPage((p) => Math.max(1, p - 1))}
              disabled={page <= 1}
            >
              ‹
            </button>
            <span data-testid="page-indicator">{t('preview.pageOf', { page, pages })}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={t('preview.nextPage')}
              onClick={() => setPage((p) => Math.min(pages, p + 1))}
              disabled={page >= pages}
            >
              ›
            </button>
          </>
        )}
        <span className="spacer" />
        <span className="muted">{doc.fileName}</span>
      </div>
      {/* Focusable so +/−/PageUp/PageDown work without a mouse. */}
      <div className="preview-canvas" tabIndex={0} onKeyDown={onKeyDown} aria-label={t('preview.area')} role="region">
        {error && (
          <ErrorBanner
            error={error}
            onRetry={() => {
              setError(undefined);
              setReload((r) => r + 1);
            }}
          />
        )}
        {!error && !content && <p className="muted">{t('preview.loading')}</p>}
        {content?.kind === 'pdf' && !renderError && (
          <div className="page-frame">
            <PdfView start={content.start} zoom={zoom} page={page} onPages={onPages} onError={onError} />
            {markOverlay}
          </div>
        )}
        {content?.kind === 'tiff' && content.bytes && !renderError && (
          <TiffView bytes={content.bytes} zoom={zoom} page={page} onPages={onPages} onError={onError} />
        )}
        {content && kind === 'image' && imageUrl && (
          <div className="page-frame" style={{ width: `${zoom * 100}%` }}>
            <img src={imageUrl} alt={doc.fileName} data-testid="image-preview" />
            {markOverlay}
          </div>
        )}
        {content &&
          (kind === 'none' ||
            (kind === 'image' && !imageUrl) ||
            (content.kind === 'tiff' && !content.bytes) ||
            renderError) && (
            <div className="no-preview" data-testid="no-preview">
              <p>{renderError ? t('preview.renderFailed') : t('preview.none')}</p>
              {info}
            </div>
          )}
      </div>
    </section>
  );
}
