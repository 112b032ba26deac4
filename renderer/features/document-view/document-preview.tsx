import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { Document } from '../../../shared/domain/document';
import type { IpcError } from '../../../shared/ipc/errors';
import { ErrorBanner } from '../../components/error-banner';
import { useAppStore } from '../../app/store';
import { toIpcError } from '../../ipc/ipc-error';
import { formatBytes, formatDateTime, useLocale, useT } from '../../i18n/i18n';
import { intake } from '../../ipc/client';
import { readRange, readWhole } from './document-bytes';
import { useSourceLabel } from './folder-label';
import type { PagedViewProps } from './paged-view';
import { loadPdfjs, PdfView } from './pdf-view';
import type { PdfStart } from './pdf-view';
import { previewKind } from './preview-kind';
import { TiffView } from './tiff-view';
import { fitScale, stepZoom, widthScale } from './zoom';
import { rememberZoom, rememberedZoom } from './zoom-choice';
import { FindBox } from './find-box';
import { findMatches, stepMatch } from './find-matches';
import type { FindPage } from './find-matches';
import { registerFindOpener } from './find-opener';
import { usePageWords } from './use-page-words';
import { FindMarks, WordLayer } from './word-layer';
import { pageOf } from './shown-page';
import type { Zoom } from './zoom';

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

export function DocumentPreview(props: { doc: Document | undefined }) {
  const t = useT();
  const sourceLabelOf = useSourceLabel();
  const locale = useLocale();
  const { doc } = props;
  const [content, setContent] = useState<Content>();
  const [error, setError] = useState<IpcError>();
  const [renderError, setRenderError] = useState<string>();
  // A document opens at the clerk's last zoom choice (fit width until they made one); the percentage shown
  // is always the real one. Each choice is remembered for the next document.
  const [zoom, setShownZoom] = useState<Zoom>(rememberedZoom);
  const setZoom = (next: Zoom) => {
    setShownZoom(next);
    rememberZoom(next);
  };
  const [natural, setNatural] = useState<{ width: number; height: number }>();
  const areaRef = useRef<HTMLDivElement>(null);
  const [area, setArea] = useState<{ width: number; height: number }>();
  // The page shown (1-based) is the store's, shared with the page strip and the list (pages-slice.ts), so it
  // stays where it was when a page edit mounts the preview anew for the new file.
  const stored = useAppStore((st) => pageOf(st, doc?.id)) + 1;
  // Unknown until the document is read: a page turned to meanwhile is kept (pages-slice.ts holds it to
  // the count), so the first PageDown pressed while a PDF loads is not lost.
  const [counted, setPages] = useState<number>();
  const pages = counted ?? 1;
  const page = Math.min(stored, Math.max(1, pages));
  const setPage = useCallback(
    (next: number | ((p: number) => number)) => {
      if (!doc) return;
      const value = typeof next === 'function' ? next(page) : next;
      useAppStore.getState().showPage(doc.id, value - 1);
    },
    [doc, page],
  );
  const [reload, setReload] = useState(0);
  // Find on page (issue #39 item 7): open or not, what is sought, the current match (0-based).
  const [find, setFind] = useState<{ open: boolean; tick: number; query: string; current: number }>({
    open: false,
    tick: 0,
    query: '',
    current: 0,
  });
  const returnFocus = useRef<Element | null>(null);
  // The words read, shown over a scanned page (the clerk checks what the OCR read); selectable either way.
  const [showText, setShowText] = useState(false);
  // A suggestion's place on its page (tagging form, Alt+V): the preview turns to that page and marks it.
  const mark = useAppStore((st) => (st.previewMark?.documentId === doc?.id ? st.previewMark : undefined));
  const markRef = useRef<HTMLDivElement>(null);
  const [markTick, setMarkTick] = useState<number>();
  if (mark && mark.tick !== markTick) setMarkTick(mark.tick);
  // A new mark turns to its page (the store's page; set outside rendering).
  const markPage = mark?.page;
  useEffect(() => {
    if (markTick !== undefined && markPage !== undefined && doc) useAppStore.getState().showPage(doc.id, markPage);
    // Only a new mark turns the page, not every change of the document record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [markTick]);
  useEffect(() => {
    markRef.current?.scrollIntoView?.({ block: 'center', inline: 'center' });
  }, [mark, page, content]);

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
  // One page, once its content is known not to be paged: a page turned to while it loaded goes back to it.
  useEffect(() => {
    if (id && (kind === 'image' || kind === 'none')) useAppStore.getState().setPageCount(id, 1);
  }, [id, kind]);
  const blob = content?.kind === 'image' ? content.blob : undefined;
  const imageUrl = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(
    () => () => {
      if (imageUrl) URL.revokeObjectURL(imageUrl);
    },
    [imageUrl],
  );
  const docId = doc?.id;
  const onPages = useCallback(
    (n: number) => {
      setPages(n);
      if (docId) useAppStore.getState().setPageCount(docId, n);
    },
    [docId],
  );
  const onError = useCallback((m: string) => setRenderError(m), []);
  const paged = kind === 'pdf' || kind === 'tiff';
  const shownIndex = (paged ? page : 1) - 1;
  const words = usePageWords(id, shownIndex);
  const { loadAll } = words;
  const openFind = useCallback(() => {
    const active = document.activeElement;
    // Ctrl+F again in the box selects its text; focus goes back, on Esc, to where it was before the box.
    if (!active?.closest('.find-box')) returnFocus.current = active;
    setFind((f) => ({ ...f, open: true, tick: f.tick + 1 }));
    loadAll();
  }, [loadAll]);
  useEffect(() => (id ? registerFindOpener(openFind) : undefined), [id, openFind]);
  const findPages = useMemo(
    () =>
      Object.entries(words.pages).flatMap(([p, w]): FindPage[] =>
        w.state === 'read' ? [{ page: Number(p), words: w.words, rotation: w.rotation }] : [],
      ),
    [words.pages],
  );
  const matches = useMemo(
    () => (find.open ? findMatches(findPages, find.query) : []),
    [find.open, find.query, findPages],
  );
  const current = matches.length ? Math.min(find.current, matches.length - 1) : 0;
  const onPageSize = useCallback(
    (width: number, height: number) =>
      setNatural((n) => (n && n.width === width && n.height === height ? n : { width, height })),
    [],
  );
  // The room the page has (for fit-to-page): the canvas area without its padding. Measured again when "fit"
  // is switched on, after its scrollbars went (the class below), so the fit never keeps their width.
  const fitted = zoom === 'fit';
  useLayoutEffect(() => {
    const el = areaRef.current;
    if (!el) return;
    const measure = () => {
      const style = getComputedStyle(el);
      const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      const padY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
      const next = { width: el.clientWidth - padX, height: el.clientHeight - padY };
      setArea((a) => (a && a.width === next.width && a.height === next.height ? a : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [doc?.id, fitted]);

  if (!doc) {
    return (
      <section className="preview empty" aria-label={t('preview.label')}>
        <p>{t('preview.nothingSelected')}</p>
      </section>
    );
  }

  const fit = natural && area ? fitScale(natural, area) : undefined;
  // Until the page's size is known, "fit" draws at 100 % (hidden for images, see below).
  const scale =
    zoom === 'fit' ? (fit ?? 1) : zoom === 'width' ? (natural && area ? widthScale(natural, area) : 1) : zoom;
  const pagedView: PagedViewProps = { zoom: scale, page, onPages, onError, onPageSize };
  const zoomIn = () => setZoom(stepZoom(scale, 1));
  const zoomOut = () => setZoom(stepZoom(scale, -1));
  const shownPage = shownIndex + 1;
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
  const shownWords = words.pages[shownIndex];
  const ocrWords = shownWords?.state === 'read' && shownWords.source === 'ocr' ? shownWords : undefined;
  const drawn = natural ? { width: natural.width * scale, height: natural.height * scale } : undefined;
  // The words OCR read from this page, selectable over its image; a PDF page's own text is pdf.js's layer.
  const wordLayer = ocrWords && drawn && (
    <WordLayer
      words={ocrWords.words}
      rotation={ocrWords.rotation}
      width={drawn.width}
      height={drawn.height}
      shown={showText}
    />
  );
  const findOverlay = find.open && (
    <FindMarks
      marks={matches.flatMap((m, i) => (m.page === shownIndex ? [{ boxes: m.boxes, current: i === current }] : []))}
      currentKey={`${find.tick}:${find.query}:${current}`}
    />
  );
  const textStatus =
    shownWords === undefined
      ? undefined
      : shownWords.state === 'notRead'
        ? t('preview.text.notRead')
        : shownWords.state === 'unreadable'
          ? t('preview.text.unreadable')
          : shownWords.state === 'skipped'
            ? t('preview.text.skipped')
            : shownWords.state === 'read' && shownWords.words.length === 0
              ? t('preview.text.none')
              : undefined;
  const goToMatch = (index: number) => {
    const m = matches[index];
    setFind((f) => ({ ...f, current: index }));
    if (m && m.page !== shownIndex) setPage(m.page + 1);
  };
  const onQuery = (query: string) => {
    // The first match on the shown page or after it, as a browser's find does.
    const next = findMatches(findPages, query);
    const after = next.findIndex((m) => m.page >= shownIndex);
    const at = Math.max(0, after);
    setFind((f) => ({ ...f, query, current: at }));
    const m = next[at];
    if (m && m.page !== shownIndex) setPage(m.page + 1);
  };
  const closeFind = () => {
    setFind((f) => ({ ...f, open: false }));
    const back = returnFocus.current;
    returnFocus.current = null;
    if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus();
    else areaRef.current?.focus();
  };
  // On the whole preview (toolbar buttons included), and the event goes no further: PageDown here pages
  // the document and never reaches the list. Keys typed in the find box are its own.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target instanceof Element && e.target.closest('.find-box')) return;
    const map: Record<string, () => void> = {
      '+': zoomIn,
      '=': zoomIn,
      '-': zoomOut,
      '0': () => setZoom(1),
      f: () => setZoom('fit'),
      w: () => setZoom('width'),
      PageDown: () =>
        counted === undefined && kind !== 'image' && kind !== 'none'
          ? setPage(stored + 1)
          : setPage((p) => Math.min(pages, p + 1)),
      PageUp: () => setPage((p) => Math.max(1, (counted === undefined ? stored : p) - 1)),
    };
    const fn = map[e.key];
    if (fn && !e.altKey && !e.ctrlKey && !e.metaKey) {
      fn();
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const info = (
    <dl className="file-info" data-testid="file-info">
      <dt>{t('preview.fileName')}</dt>
      <dd>{doc.fileName}</dd>
      <dt>{t('preview.folder')}</dt>
      <dd title={doc.sourceFolder}>{sourceLabelOf(doc.sourceFolder)}</dd>
      <dt>{t('preview.size')}</dt>
      <dd>{formatBytes(locale, doc.size)}</dd>
      <dt>{t('preview.type')}</dt>
      <dd>{doc.contentType}</dd>
      <dt>{t('preview.arrived')}</dt>
      <dd>{formatDateTime(locale, doc.arrivedAt)}</dd>
    </dl>
  );

  return (
    <section className="preview" aria-label={t('preview.label')} data-testid="preview" onKeyDown={onKeyDown}>
      <div className="preview-toolbar" role="toolbar" aria-label={t('preview.toolbar')}>
        <button
          type="button"
          className="icon-button"
          aria-label={t('preview.zoomOut')}
          onClick={zoomOut}
          disabled={kind === 'none'}
        >
          −
        </button>
        <span className="zoom-value" aria-live="polite" data-testid="zoom-value">
          {Math.round(scale * 100)} %
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label={t('preview.zoomIn')}
          onClick={zoomIn}
          disabled={kind === 'none'}
        >
          +
        </button>
        <button
          type="button"
          className="button button-small"
          aria-pressed={zoom === 'fit'}
          onClick={() => setZoom('fit')}
          disabled={kind === 'none'}
          data-testid="zoom-fit"
        >
          {t('preview.fitPage')}
        </button>
        <button
          type="button"
          className="button button-small"
          aria-pressed={zoom === 'width'}
          onClick={() => setZoom('width')}
          disabled={kind === 'none'}
          data-testid="zoom-width"
        >
          {t('preview.fitWidth')}
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
        <button
          type="button"
          className="button button-small"
          onClick={openFind}
          disabled={kind === 'none'}
          aria-keyshortcuts="Control+F"
          aria-expanded={find.open}
          data-testid="find-open"
        >
          {t('preview.find.open')}
        </button>
        {ocrWords && (
          <button
            type="button"
            className="button button-small"
            aria-pressed={showText}
            onClick={() => setShowText((v) => !v)}
            data-testid="show-text"
          >
            {t('preview.text.show')}
          </button>
        )}
        {textStatus && (
          <span className="muted text-status" data-testid="text-status">
            {textStatus}
          </span>
        )}
        <span className="spacer" />
        <span className="muted">{doc.fileName}</span>
      </div>
      {find.open && (
        <FindBox
          query={find.query}
          onQuery={onQuery}
          count={matches.length}
          current={current}
          notRead={findPages.length === 0}
          onStep={(step) => goToMatch(stepMatch(current, matches.length, step))}
          onClose={closeFind}
          openTick={find.tick}
        />
      )}
      {/* Focusable so +/−/PageUp/PageDown work without a mouse. */}
      {/* Fitted, the page needs no scrollbars: hidden, so a scrollbar coming and going cannot change the room
          the fit is measured in (and the fit with it). At a zoom the clerk chose the page may be wider than
          the pane: that sideways scrolling was asked for (data-scrolls-sideways), never a fit's. */}
      <div
        className={fitted ? 'preview-canvas fitted' : 'preview-canvas'}
        tabIndex={0}
        aria-label={t('preview.area')}
        role="region"
        ref={areaRef}
        data-scrolls-sideways={typeof zoom === 'number' || undefined}
      >
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
            <PdfView start={content.start} {...pagedView} textLayer={!ocrWords} />
            {wordLayer}
            {findOverlay}
            {markOverlay}
          </div>
        )}
        {content?.kind === 'tiff' && content.bytes && !renderError && (
          <div className="page-frame">
            <TiffView bytes={content.bytes} {...pagedView} />
            {wordLayer}
            {findOverlay}
            {markOverlay}
          </div>
        )}
        {content && kind === 'image' && imageUrl && (
          // Its real size times the zoom; hidden until its size is known, so it never shows at a wrong one.
          <div
            className="page-frame"
            style={natural ? { width: `${natural.width * scale}px` } : { visibility: 'hidden' }}
          >
            <img
              src={imageUrl}
              alt={doc.fileName}
              onLoad={(e) => onPageSize(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight)}
              data-testid="image-preview"
            />
            {wordLayer}
            {findOverlay}
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
