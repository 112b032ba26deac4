import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { Document } from '../../../shared/domain/document';
import type { IpcError } from '../../../shared/ipc/errors';
import { ErrorBanner } from '../../app/error-banner';
import { toIpcError } from '../../app/ipc-error';
import { useCatalog } from '../../i18n/i18n';
import { intake } from '../../ipc/client';
import { readWhole } from '../inbox/document-bytes';
import { loadPdfjs } from '../inbox/pdf-view';
import { previewKind } from '../inbox/preview-kind';
import { deletePage, movePage, rotatePage } from './page-edits';
import type { PageListEdit } from './page-edits';
import { pageToolsMessages } from './page-tools-messages';

/** Thumbnails are read whole (pdf.js from memory); a larger file gets no strip. */
const MAX_BYTES = 64 * 1024 * 1024;
const THUMB_WIDTH = 84;
const EDITABLE = new Set(['new', 'tagged', 'failed']);
/** The selected page per document: the strip is mounted anew for each version of the file. */
const selectedPage = new Map<string, number>();

/**
 * The page strip of a PDF document (issue #16 item 4): a thumbnail per page, and for a document the clerk
 * may still edit, turn / delete / move the selected page and undo. Each change is one documents.editPages
 * call that gives a new file; the strip and the preview are mounted anew for it (key: the file's sha256).
 */
export function PageStrip(props: { doc: Document }) {
  const t = useCatalog(pageToolsMessages);
  const { doc } = props;
  const editable = EDITABLE.has(doc.state);
  const [pdf, setPdf] = useState<PDFDocumentProxy>();
  const [tooLarge, setTooLarge] = useState(false);
  const [selected, setSelected] = useState(selectedPage.get(doc.id) ?? 0);
  const [undoable, setUndoable] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError>();
  const count = pdf?.numPages ?? 0;

  useEffect(() => {
    const abort = new AbortController();
    // Destroying the loading task frees the document and its worker port.
    let task: { destroy(): Promise<void> } | undefined;
    void readWhole(intake().contentSource(doc.id), 'application/pdf', MAX_BYTES, abort.signal)
      .then(async (blob) => {
        if (!blob) return setTooLarge(true);
        const pdfjs = await loadPdfjs();
        const data = new Uint8Array(await blob.arrayBuffer());
        if (abort.signal.aborted) return;
        const loading = pdfjs.getDocument({ data });
        task = loading;
        const loaded = await loading.promise;
        if (!abort.signal.aborted) setPdf(loaded);
      })
      .catch((e: unknown) => !abort.signal.aborted && setError(toIpcError(e)));
    if (editable)
      void intake()
        .call('documents.pageEdits', { id: doc.id })
        .then((s) => !abort.signal.aborted && setUndoable(s.undoable))
        .catch(() => undefined);
    return () => {
      abort.abort();
      void task?.destroy();
    };
  }, [doc.id, editable]);

  const select = (page: number) => {
    selectedPage.set(doc.id, page);
    setSelected(page);
  };
  const run = (call: () => Promise<unknown>, next?: number) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    if (next !== undefined) selectedPage.set(doc.id, next);
    call()
      .catch((e: unknown) => setError(toIpcError(e)))
      .finally(() => setBusy(false));
  };
  const apply = (edit: PageListEdit | undefined) =>
    edit && run(() => intake().call('documents.editPages', { id: doc.id, pages: edit.pages }), edit.selected);
  const undo = () => undoable > 0 && run(() => intake().call('documents.undoPageEdit', { id: doc.id }));
  const page = Math.min(selected, Math.max(0, count - 1));

  const onKeyDown = (e: KeyboardEvent) => {
    const mod = e.ctrlKey || e.metaKey;
    let handled = true;
    if (e.key === 'ArrowRight' && e.altKey) apply(editable ? movePage(count, page, 1) : undefined);
    else if (e.key === 'ArrowLeft' && e.altKey) apply(editable ? movePage(count, page, -1) : undefined);
    else if (e.key === 'ArrowRight' && !mod) select(Math.min(count - 1, page + 1));
    else if (e.key === 'ArrowLeft' && !mod) select(Math.max(0, page - 1));
    else if ((e.key === 'r' || e.key === 'R') && !mod && !e.altKey && editable)
      apply(rotatePage(count, page, e.shiftKey ? 270 : 90));
    else if (e.key === 'Delete' && editable) apply(deletePage(count, page));
    else if (mod && (e.key === 'z' || e.key === 'Z') && editable) undo();
    else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  if (previewKind(doc.contentType, doc.fileName) !== 'pdf') return null;
  return (
    <section className="page-strip" aria-label={t('pages.strip')} data-testid="page-strip" onKeyDown={onKeyDown}>
      {editable && (
        <div className="page-tools" role="toolbar" aria-label={t('pages.tools')}>
          <ToolButton
            label={t('pages.rotateLeft')}
            onClick={() => apply(rotatePage(count, page, 270))}
            disabled={busy || count === 0}
          >
            ↺
          </ToolButton>
          <ToolButton
            label={t('pages.rotateRight')}
            onClick={() => apply(rotatePage(count, page, 90))}
            disabled={busy || count === 0}
          >
            ↻
          </ToolButton>
          <ToolButton
            label={t('pages.moveEarlier')}
            onClick={() => apply(movePage(count, page, -1))}
            disabled={busy || page === 0}
          >
            ←
          </ToolButton>
          <ToolButton
            label={t('pages.moveLater')}
            onClick={() => apply(movePage(count, page, 1))}
            disabled={busy || page >= count - 1}
          >
            →
          </ToolButton>
          <ToolButton
            label={t('pages.delete')}
            onClick={() => apply(deletePage(count, page))}
            disabled={busy || count <= 1}
          >
            ✕
          </ToolButton>
          <ToolButton label={t('pages.undo')} onClick={undo} disabled={busy || undoable === 0} testId="page-undo">
            ↶
          </ToolButton>
          <span className="muted" aria-live="polite">
            {busy ? t('pages.saving') : undoable > 0 ? t('pages.changed') : ''}
          </span>
        </div>
      )}
      {error && <ErrorBanner error={error} onRetry={() => setError(undefined)} />}
      {tooLarge && <p className="muted">{t('pages.tooLarge')}</p>}
      {!pdf && !tooLarge && !error && <p className="muted">{t('pages.loading')}</p>}
      {pdf && (
        <ol className="page-thumbs">
          {Array.from({ length: count }, (_, i) => (
            <li key={i}>
              <button
                type="button"
                className="page-thumb"
                aria-pressed={i === page}
                aria-label={t('pages.page', { page: i + 1 })}
                data-testid="page-thumb"
                tabIndex={i === page ? 0 : -1}
                onClick={() => select(i)}
              >
                <Thumbnail pdf={pdf} page={i + 1} />
                <span aria-hidden="true">{i + 1}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ToolButton(props: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  testId?: string;
  children: string;
}) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      disabled={props.disabled}
      data-testid={props.testId}
    >
      {props.children}
    </button>
  );
}

/** One page drawn small, with its /Rotate applied by pdf.js. */
function Thumbnail(props: { pdf: PDFDocumentProxy; page: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const { pdf, page } = props;
  useEffect(() => {
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | undefined;
    void pdf.getPage(page).then((p) => {
      const canvas = ref.current;
      if (cancelled || !canvas) return;
      const ratio = window.devicePixelRatio || 1;
      const scale = (THUMB_WIDTH / p.getViewport({ scale: 1 }).width) * ratio;
      const viewport = p.getViewport({ scale });
      canvas.width = viewport.width;
      canvas.height = viewport.height;
      canvas.style.width = `${viewport.width / ratio}px`;
      canvas.dataset['rotation'] = String(p.rotate);
      task = p.render({ canvas, viewport });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, page]);
  return <canvas ref={ref} aria-hidden="true" data-testid="page-thumb-canvas" />;
}
