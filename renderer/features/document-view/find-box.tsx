import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useT } from '../../i18n/i18n';

/**
 * The preview's find box (issue #39 item 7): typing marks the matches, Enter / Shift+Enter go to the
 * next / previous one, Esc closes it. The count ("2 of 5", "No match") is announced to screen readers.
 * `openTick` changes at each Ctrl+F: the field takes focus again with its text selected.
 */
export function FindBox(props: {
  query: string;
  onQuery(query: string): void;
  /** Matches found; `current` is 0-based. */
  count: number;
  current: number;
  /** The document's text is not read yet: there is nothing to find in. */
  notRead: boolean;
  onStep(step: 1 | -1): void;
  onClose(): void;
  openTick: number;
}) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const { query, count, current, notRead, onStep, onClose, openTick } = props;
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [openTick]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && !e.altKey) onStep(e.shiftKey ? -1 : 1);
    else if (e.key === 'Escape') onClose();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  const status = !query.trim()
    ? ''
    : notRead && count === 0
      ? t('preview.text.notRead')
      : count === 0
        ? t('preview.find.none')
        : t('preview.find.count', { current: current + 1, total: count });

  return (
    <div className="find-box" role="search" data-testid="find-box" onKeyDown={onKeyDown}>
      <input
        ref={inputRef}
        type="search"
        className="find-input"
        aria-label={t('preview.find.label')}
        value={query}
        onChange={(e) => props.onQuery(e.target.value)}
        data-testid="find-input"
        spellCheck={false}
        autoComplete="off"
      />
      <span className="find-count" role="status" aria-live="polite" data-testid="find-count">
        {status}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label={t('preview.find.previous')}
        onClick={() => onStep(-1)}
        disabled={count === 0}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t('preview.find.next')}
        onClick={() => onStep(1)}
        disabled={count === 0}
      >
        ↓
      </button>
      <button type="button" className="icon-button" aria-label={t('preview.find.close')} onClick={onClose}>
        ×
      </button>
    </div>
  );
}
