import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useAppStore } from '../../app/store';
import { errorText, formatBytes, formatDateTime, heldByValues, useLocale, useT } from '../../i18n/i18n';
import { ConfirmedMark } from '../../components/confirmed-mark';
import { useSourceLabel } from '../document-view/folder-label';
import { matchesByName } from './document-order';
import { scrollToReveal, virtualWindow } from './virtual-window';

/** Fixed row height: what makes the list virtual; keep in step with .doc-row in inbox.css. */
export const ROW_HEIGHT = 58;

const NO_MATCHES: Readonly<Record<string, string>> = {};

export function DocumentList() {
  const t = useT();
  const sourceLabelOf = useSourceLabel();
  const locale = useLocale();
  const order = useAppStore((s) => s.inboxOrder);
  const documents = useAppStore((s) => s.documents);
  const selection = useAppStore((s) => s.selection);
  const drafts = useAppStore((s) => s.savedDrafts);
  const query = useAppStore((s) => s.inboxQuery);
  const text = useAppStore((s) => s.inboxTextMatches);
  const textMatches = text && text.query === query.trim() ? text.snippets : NO_MATCHES;
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setHeight(el.clientHeight);
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const activeIndex = selection.active ? order.indexOf(selection.active) : -1;
  useEffect(() => {
    const el = ref.current;
    if (!el || activeIndex < 0) return;
    const top = scrollToReveal(activeIndex, el.scrollTop, el.clientHeight, ROW_HEIGHT);
    if (top !== undefined) el.scrollTop = top;
  }, [activeIndex]);

  const win = virtualWindow(scrollTop, height, ROW_HEIGHT, order.length);
  const s = () => useAppStore.getState();
  const page = Math.max(1, Math.floor(height / ROW_HEIGHT) - 1);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const handled = (() => {
      switch (e.key) {
        case 'ArrowDown':
          s().moveSelection(1, e.shiftKey);
          return true;
        case 'ArrowUp':
          s().moveSelection(-1, e.shiftKey);
          return true;
        // PageDown/PageUp turn the page of the document shown, as in the preview: the clerk reads on and stays
        // on the document (issue #31 item 6). With Shift they still extend the selection by a screenful.
        case 'PageDown':
          if (e.shiftKey) s().moveSelection(page, true);
          else s().turnPage(1);
          return true;
        case 'PageUp':
          if (e.shiftKey) s().moveSelection(-page, true);
          else s().turnPage(-1);
          return true;
        case 'm':
        case 'M':
          // Merge the selected documents, as M does in the page strip (issue #31 item 5).
          if (e.ctrlKey || e.metaKey || e.altKey || selection.selected.length < 2) return false;
          void s().mergeSelected();
          return true;
        case 'z':
        case 'Z':
          // Ctrl+Z in the list undoes the last page change of the document shown, a merge included (issue
          // #36 item 3): the clerk who pressed M here need not find the strip to take it back.
          if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || !selection.active) return false;
          void s().undoPageEdit(selection.active);
          return true;
        case 'Home':
          s().moveSelection(-order.length, e.shiftKey);
          return true;
        case 'End':
          s().moveSelection(order.length, e.shiftKey);
          return true;
        case ' ':
          if (selection.active) s().selectDocument(selection.active, 'toggle');
          return true;
        case 'a':
          if (!(e.ctrlKey || e.metaKey)) return false;
          s().selectAllDocuments();
          return true;
        case 'Enter':
          if (e.ctrlKey || e.metaKey) return false;
          document.getElementById('tag-caseNumber')?.focus();
          return true;
        default:
          return false;
      }
    })();
    if (handled) e.preventDefault();
  };

  const onClick = (id: string) => (e: MouseEvent) => {
    s().selectDocument(id, e.shiftKey ? 'range' : e.ctrlKey || e.metaKey ? 'toggle' : 'single');
  };

  const rows = [];
  for (let i = win.start; i < win.end; i++) {
    const id = order[i];
    const doc = id ? documents[id] : undefined;
    if (!id || !doc) continue;
    const selected = selection.selected.includes(id);
    const textMatch = textMatches[id];
    rows.push(
      <div
        key={id}
        id={`doc-row-${i}`}
        role="option"
        aria-selected={selected}
        aria-setsize={order.length}
        aria-posinset={i + 1}
        className={`doc-row ${selected ? 'is-selected' : ''} ${id === selection.active ? 'is-active' : ''}`}
        style={{ top: i * ROW_HEIGHT, height: ROW_HEIGHT }}
        data-testid="doc-row"
        data-id={id}
        onClick={onClick(id)}
      >
        <span className="doc-name">
          {drafts[id] && (
            <span className="draft-mark" data-testid="draft-mark">
              <span aria-hidden="true">✎ </span>
              {t('inbox.unsent')}
              <span aria-hidden="true"> · </span>
            </span>
          )}
          {doc.fileName}
        </span>
        <span className={`state-badge state-${doc.state}`}>{t(`state.${doc.state}`)}</span>
        <ConfirmedMark confirmedAt={doc.confirmedAt} />
        {doc.heldBy ? (
          // Another clerk of the office has it open (issue #50 item 3): who, where, since when.
          <span className="doc-meta doc-held" data-testid="doc-held">
            {t('inbox.heldBy', heldByValues(locale, doc.heldBy))}
          </span>
        ) : doc.error && (doc.state === 'failed' || doc.state === 'new') ? (
          // Why it failed, where the clerk looks: the row itself (the whole text in the tagging pane). A new
          // document with a reason is a scanned batch capture kept whole (docs/capture.md).
          <span className="doc-meta doc-failed" data-testid="doc-failed-reason">
            {doc.state === 'failed'
              ? t('inbox.failedReason', { reason: errorText(locale, doc.error) })
              : errorText(locale, doc.error)}
          </span>
        ) : textMatch !== undefined && !matchesByName(doc, query) ? (
          // Found by the text read from it: the words around the match say why it is listed.
          <span className="doc-meta doc-text-match" data-testid="doc-text-match">
            {t('inbox.textMatch', { snippet: textMatch })}
          </span>
        ) : (
          <span className="doc-meta">
            {sourceLabelOf(doc.sourceFolder)} · {formatBytes(locale, doc.size)} ·{' '}
            {formatDateTime(locale, doc.arrivedAt)}
            {doc.metadata.caseNumber && ` · ${doc.metadata.caseNumber}`}
            {doc.duplicateOf && ` · ${t('inbox.duplicate')}`}
          </span>
        )}
      </div>,
    );
  }

  return (
    <div
      ref={ref}
      className="doc-list"
      role="listbox"
      tabIndex={0}
      aria-label={t('inbox.listLabel', { count: order.length })}
      aria-multiselectable="true"
      aria-activedescendant={activeIndex >= 0 ? `doc-row-${activeIndex}` : undefined}
      data-testid="doc-list"
      onKeyDown={onKeyDown}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <div className="doc-list-inner" style={{ height: win.totalHeight }}>
        {rows}
      </div>
    </div>
  );
}
