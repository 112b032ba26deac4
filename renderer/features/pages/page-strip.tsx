import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { Document } from '../../../shared/domain/document';
import type { IpcError } from '../../../shared/ipc/errors';
import { ErrorBanner } from '../../components/error-banner';
import { useAppStore } from '../../app/store';
import { toIpcError } from '../../ipc/ipc-error';
import { useCatalog, useT } from '../../i18n/i18n';
import { intake } from '../../ipc/client';
import { readRange, readWhole } from '../document-view/document-bytes';
import { previewKind } from '../document-view/preview-kind';
import { deletePage, movePage, rotatePage } from './page-edits';
import { openPages } from './page-sources';
import type { PageSource } from './page-sources';
import type { PageChange } from './pages-slice';
import type { PageListEdit } from './page-edits';
import { pageToolsMessages } from './page-tools-messages';
import { pageOf } from '../document-view/shown-page';

/** Thumbnails are drawn from the whole file in memory (pdf.js, utif2); a larger file gets no strip. */
const MAX_BYTES = 64 * 1024 * 1024;
const THUMB_WIDTH = 84;
const EDITABLE = new Set(['new', 'tagged', 'failed']);
/**
 * Set while a page change the clerk made from the keyboard is saved: the strip is mounted anew for the new
 * file, and the new strip takes the focus back, so the next R, Alt+← or Ctrl+Z works (issue #31 item 5).
 */
let refocusDocument: string | undefined;

/**
 * The page strip of a PDF or TIFF document (issue #16 item 4): a thumbnail per page, and for a document the clerk
 * may still edit, turn / delete / move the selected page and undo. Each change is one documents.editPages
 * call that gives a new file; the strip and the preview are mounted anew for it (key: the file's sha256).
 */
/** The documents the page tools can edit: PDF, TIFF, and the JPEG and PNG photos the core can embed. */
function stripKind(contentType: string, fileName: string): 'pdf' | 'tiff' | 'image' | undefined {
  const kind = previewKind(contentType, fileName);
  if (kind === 'pdf' || kind === 'tiff') return kind;
  if (kind === 'image' && (/^image\/(png|jpeg)$/i.test(contentType) || /\.(png|jpe?g)$/i.test(fileName)))
    return 'image';
  return undefined;
}

export function PageStrip(props: { doc: Document }) {
  const t = useCatalog(pageToolsMessages);
  const { doc } = props;
  const editable = EDITABLE.has(doc.state);
  const kind = stripKind(doc.contentType, doc.fileName);
  const [source, setSource] = useState<PageSource>();
  const [tooLarge, setTooLarge] = useState(false);
  // The page shown in the preview is the strip's selected page, and the other way round (issue #31 item 6).
  const selected = useAppStore((st) => pageOf(st, doc.id));
  const [undoable, setUndoable] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError>();
  const count = source?.count ?? 0;
  // Several documents selected in the inbox: they can be merged, in list order, into the first of them.
  const order = useAppStore((s) => s.inboxOrder);
  const selectedIds = useAppStore((s) => s.selection.selected);
  const mergeIds = useMemo(() => order.filter((id) => selectedIds.includes(id)), [order, selectedIds]);
  const merging = useAppStore((s) => s.merging);
  const mergeError = useAppStore((s) => s.mergeError);
  const change = useAppStore((s) => (s.pageChange?.id === props.doc.id ? s.pageChange : undefined));
  const mergeRefused = useAppStore((s) => (mergeIds.includes(props.doc.id) ? s.mergeRefused : undefined));
  const tApp = useT();
  const stripRef = useRef<HTMLElement>(null);

  // Mounted for the file a keyboard change made: the focus comes back here at once, and onto the selected
  // thumbnail once the thumbnails are drawn.
  useLayoutEffect(() => {
    if (refocusDocument === doc.id) stripRef.current?.focus();
  }, [doc.id]);
  useEffect(() => {
    if (!source || refocusDocument !== doc.id) return;
    refocusDocument = undefined;
    if (!stripRef.current?.contains(document.activeElement)) return;
    stripRef.current.querySelector<HTMLElement>('[data-testid="page-thumb"][tabindex="0"]')?.focus();
  }, [source, doc.id]);

  useEffect(() => {
    const abort = new AbortController();
    let opened: PageSource | undefined;
    if (kind)
      // The size first, from one small range: a large file is never fetched for thumbnails.
      void readRange(intake().contentSource(doc.id), 0, 1023, abort.signal)
        .then((head) =>
          head.total > MAX_BYTES
            ? undefined
            : readWhole(intake().contentSource(doc.id), doc.contentType, MAX_BYTES, abort.signal),
        )
        .then(async (blob) => {
          if (!blob) return setTooLarge(true);
          if (abort.signal.aborted) return;
          opened = await openPages(kind, blob);
          if (abort.signal.aborted) opened.close();
          else setSource(opened);
        })
        .catch((e: unknown) => !abort.signal.aborted && setError(toIpcError(e)));
    if (editable)
      void intake()
        .call('documents.pageEdits', { id: doc.id })
        .then((s) => !abort.signal.aborted && setUndoable(s.undoable))
        .catch(() => undefined);
    return () => {
      abort.abort();
      opened?.close();
    };
  }, [doc.id, doc.contentType, kind, editable]);

  const select = (page: number) => useAppStore.getState().showPage(doc.id, page);
  const run = (call: () => Promise<unknown>, next?: number, change?: Omit<PageChange, 'id'>) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    if (next !== undefined) select(next);
    // Whatever had the focus in the strip (a thumbnail, a tool button) goes with the old file.
    if (stripRef.current?.contains(document.activeElement)) refocusDocument = doc.id;
    useAppStore.getState().notePageChange(undefined);
    call()
      .then(() => {
        if (change) useAppStore.getState().notePageChange({ id: doc.id, ...change });
      })
      .catch((e: unknown) => {
        refocusDocument = undefined;
        setError(toIpcError(e));
      })
      .finally(() => setBusy(false));
  };
  const apply = (edit: PageListEdit | undefined, what: PageChange['what']) =>
    edit &&
    run(() => intake().call('documents.editPages', { id: doc.id, pages: edit.pages }), edit.selected, {
      what,
      page: edit.selected,
    });
  const undo = () => undoable > 0 && run(() => intake().call('documents.undoPageEdit', { id: doc.id }));
  const page = Math.min(selected, Math.max(0, count - 1));
  const canMerge = editable && mergeIds.length > 1 && mergeIds.includes(doc.id);
  const merge = () => {
    if (!canMerge) return;
    // The merged document's strip takes the focus back, as after any other page change.
    if (stripRef.current?.contains(document.activeElement)) refocusDocument = mergeIds[0];
    void useAppStore.getState().mergeSelected();
  };
  const split = () =>
    page > 0 &&
    run(() => intake().call('documents.splitPages', { id: doc.id, at: page }), page - 1, {
      what: 'split',
      page: page - 1,
    });

  const onKeyDown = (e: KeyboardEvent) => {
    const mod = e.ctrlKey || e.metaKey;
    let handled = true;
    if (e.key === 'ArrowRight' && e.altKey) apply(editable ? movePage(count, page, 1) : undefined, 'moved');
    else if (e.key === 'ArrowLeft' && e.altKey) apply(editable ? movePage(count, page, -1) : undefined, 'moved');
    else if (e.key === 'ArrowRight' && !mod) select(Math.min(count - 1, page + 1));
    else if (e.key === 'ArrowLeft' && !mod) select(Math.max(0, page - 1));
    else if ((e.key === 'r' || e.key === 'R') && !mod && !e.altKey && editable)
      apply(rotatePage(count, page, e.shiftKey ? 270 : 90), 'turned');
    else if (e.key === 'Delete' && editable) apply(deletePage(count, page), 'deleted');
    else if ((e.key === 's' || e.key === 'S') && !mod && !e.altKey && editable) split();
    else if ((e.key === 'm' || e.key === 'M') && !mod && !e.altKey && canMerge) merge();
    else if (mod && (e.key === 'z' || e.key === 'Z') && editable) undo();
    else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  // The page tools change the document, zoom only the view: their own framed toolbar, named on screen.
  const toolsNameId = useId();
  if (!kind) return null;
  return (
    <section
      ref={stripRef}
      tabIndex={-1}
      className="page-strip"
      aria-label={t('pages.strip')}
      data-testid="page-strip"
      onKeyDown={onKeyDown}
    >
      {editable && (
        <div className="page-tools" role="toolbar" aria-labelledby={toolsNameId}>
          <span className="page-tools-name" id={toolsNameId}>
            {t('pages.tools')}
          </span>
          <ToolButton
            label={t('pages.rotateLeft')}
            onClick={() => apply(rotatePage(count, page, 270), 'turned')}
            disabled={busy || count === 0}
          >
            ↺
          </ToolButton>
          <ToolButton
            label={t('pages.rotateRight')}
            onClick={() => apply(rotatePage(count, page, 90), 'turned')}
            disabled={busy || count === 0}
          >
            ↻
          </ToolButton>
          <ToolButton
            label={t('pages.moveEarlier')}
            onClick={() => apply(movePage(count, page, -1), 'moved')}
            disabled={busy || page === 0}
          >
            ←
          </ToolButton>
          <ToolButton
            label={t('pages.moveLater')}
            onClick={() => apply(movePage(count, page, 1), 'moved')}
            disabled={busy || page >= count - 1}
          >
            →
          </ToolButton>
          <ToolButton
            label={t('pages.delete')}
            onClick={() => apply(deletePage(count, page), 'deleted')}
            disabled={busy || count <= 1}
          >
            ✕
          </ToolButton>
          <ToolButton label={t('pages.split')} onClick={split} disabled={busy || page === 0} testId="page-split">
            ✂
          </ToolButton>
          {canMerge && (
            <ToolButton
              label={t('pages.merge', { count: mergeIds.length })}
              onClick={merge}
              disabled={busy || merging}
              testId="page-merge"
            >
              <MergeIcon />
            </ToolButton>
          )}
          <ToolButton label={t('pages.undo')} onClick={undo} disabled={busy || undoable === 0} testId="page-undo">
            ↶
          </ToolButton>
          <span className="muted" aria-live="polite">
            {busy ? t('pages.saving') : undoable > 0 ? t('pages.changed') : ''}
          </span>
        </div>
      )}
      {error && <ErrorBanner error={error} onRetry={() => setError(undefined)} />}
      {mergeError && <ErrorBanner error={mergeError} onRetry={() => void useAppStore.getState().mergeSelected()} />}
      {mergeRefused?.map((c) => (
        <p key={c.field} className="banner banner-error" role="alert" data-testid="merge-refused">
          {t(c.unsent ? 'pages.mergeRefusedUnsent' : 'pages.mergeRefused', {
            field: tApp(`field.${c.field}`),
            values: [c.kept ?? '–', ...c.lost].join(' / '),
          })}
        </p>
      ))}
      {change && (
        // Where the clerk looks, not a quiet line: what changed, on which page, and the way back.
        <div className="page-change-notice" role="status" data-testid="page-change-notice">
          <span>{t(`pages.did.${change.what}`, { page: change.page + 1 })}</span>
          <button type="button" className="button button-small" data-testid="page-change-undo" onClick={undo}>
            {tApp('tagging.undo')}
          </button>
        </div>
      )}
      {tooLarge && <p className="muted">{t('pages.tooLarge')}</p>}
      {!source && !tooLarge && !error && <p className="muted">{t('pages.loading')}</p>}
      {source && (
        <ol className="page-thumbs" data-scrolls-sideways>
          {Array.from({ length: count }, (_, i) => (
            <li key={i}>
              <button
                type="button"
                className={`page-thumb${change?.page === i ? ' page-thumb-changed' : ''}`}
                data-changed={change?.page === i || undefined}
                aria-pressed={i === page}
                aria-label={t('pages.page', { page: i + 1 })}
                data-testid="page-thumb"
                tabIndex={i === page ? 0 : -1}
                onClick={() => select(i)}
              >
                <Thumbnail source={source} index={i} />
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
  children: ReactNode;
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

/**
 * Two pages becoming one, drawn (the ⧉ character is missing from common fonts and showed as an empty box,
 * issue #31 item 5).
 */
function MergeIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" data-testid="merge-icon">
      <rect x="1.5" y="1.5" width="6" height="8" fill="none" stroke="currentColor" strokeWidth="1.3" />
      <rect x="8.5" y="1.5" width="6" height="8" fill="none" stroke="currentColor" strokeWidth="1.3" />
      <path d="M4.5 10.5 L8 14 L11.5 10.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
    </svg>
  );
}

/** One page drawn small (a PDF page with its /Rotate applied). */
function Thumbnail(props: { source: PageSource; index: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const { source, index } = props;
  useEffect(() => {
    const canvas = ref.current;
    if (canvas) source.draw(index, canvas, THUMB_WIDTH).catch(() => undefined);
  }, [source, index]);
  return <canvas ref={ref} aria-hidden="true" data-testid="page-thumb-canvas" />;
}
