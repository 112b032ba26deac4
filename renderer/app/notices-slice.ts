import type { StateCreator } from 'zustand';
import type { Notice, NoticeCode, NoticeValues } from '../../shared/domain/notice';
import type { AppState } from './app-state';
import type { NoticesSlice } from './notices-state';

import type { Toast } from './notices-state';
export type { Toast } from './notices-state';
export type { NoticesSlice } from './notices-state';

/** At most this many on screen (issue #31 item 4): a day of scans never piles up over the workspace. */
export const MAX_TOASTS = 3;
/** How long an informational toast stays (paused while the pointer or the focus is on it). */
export const INFO_TOAST_MS = 8000;

/**
 * One scanned batch is one notice (issue #31 item 4): "split" or "kept whole" replaces the "received" of the
 * same file instead of standing beside it.
 */
const SUPERSEDES: Readonly<Partial<Record<NoticeCode, NoticeCode>>> = {
  'capture.split': 'capture.received',
  'capture.held': 'capture.received',
  'capture.kept': 'capture.received',
};

/** What a notice names (its values, in the order of their names): the same file gives the same text. */
function subject(values: NoticeValues): string {
  return Object.keys(values)
    .sort()
    .map((name) => values[name])
    .join(' ');
}

/**
 * Folds a notice into the toast list (pure). The same warning or error (level and message) is one toast
 * with a count; informational notices of one kind (level and code) are one toast whatever file they name.
 * Newest first; over the bound the oldest informational toast goes first, then the oldest.
 */
export function addToast(toasts: readonly Toast[], notice: Notice): Toast[] {
  const { code, values } = notice;
  const detail = subject(values);
  const key = notice.level === 'info' ? `info:${code}` : `${notice.level}:${code}:${detail}`;
  let list = [...toasts];
  const replaced = SUPERSEDES[code];
  if (replaced) {
    list = list.flatMap((t) => {
      if (t.key !== `info:${replaced}` || !t.details.includes(detail)) return [t];
      const details = t.details.filter((d) => d !== detail);
      return details.length ? [{ ...t, details, count: Math.max(1, t.count - 1) }] : [];
    });
  }
  const existing = list.find((t) => t.key === key);
  const rest = list.filter((t) => t.key !== key);
  const ids = existing ? existing.documentIds : [];
  const details = existing ? existing.details : [];
  const toast: Toast = {
    key,
    level: notice.level,
    code,
    values,
    count: (existing?.count ?? 0) + notice.count,
    documentIds: notice.documentId && !ids.includes(notice.documentId) ? [...ids, notice.documentId] : ids,
    details: details.includes(detail) ? details : [...details, detail],
    at: notice.at,
  };
  const next = [toast, ...rest];
  while (next.length > MAX_TOASTS) {
    const oldestInfo = next.map((t) => t.level).lastIndexOf('info');
    next.splice(oldestInfo > 0 ? oldestInfo : next.length - 1, 1);
  }
  return next;
}

export const createNoticesSlice: StateCreator<AppState, [], [], NoticesSlice> = (set) => ({
  toasts: [],
  raiseNotice: (notice) => set((s) => ({ toasts: addToast(s.toasts, notice) })),
  dismissToast: (key) => set((s) => ({ toasts: s.toasts.filter((t) => t.key !== key) })),
});
