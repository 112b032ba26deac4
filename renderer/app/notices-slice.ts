import type { StateCreator } from 'zustand';
import type { Notice } from '../../shared/domain/notice';
import type { AppState } from './store';

/** A toast on screen: notices with the same level and message are one toast with a count. */
export interface Toast {
  key: string;
  level: Notice['level'];
  /** The latest notice's message (`<code>: <detail>`); the count says how many there were. */
  message: string;
  count: number;
  documentIds: string[];
  /** The details (file names) an informational toast stands for, so a later notice can take one back. */
  details: string[];
  at: string;
}

/** At most this many on screen (issue #31 item 4): a day of scans never piles up over the workspace. */
export const MAX_TOASTS = 3;
/** How long an informational toast stays (paused while the pointer or the focus is on it). */
export const INFO_TOAST_MS = 8000;

/**
 * One scanned batch is one notice (issue #31 item 4): "split" or "kept whole" replaces the "received" of the
 * same file instead of standing beside it.
 */
const SUPERSEDES: Readonly<Record<string, string>> = {
  'capture.split': 'capture.received',
  'capture.kept': 'capture.received',
};

function parts(message: string): { code?: string; detail: string } {
  const m = /^([a-z][\w.]*): ([\s\S]*)$/.exec(message);
  return m ? { code: m[1], detail: m[2] ?? '' } : { detail: message };
}

/**
 * Folds a notice into the toast list (pure). The same warning or error (level and message) is one toast
 * with a count; informational notices of one kind (level and code) are one toast whatever file they name.
 * Newest first; over the bound the oldest informational toast goes first, then the oldest.
 */
export function addToast(toasts: readonly Toast[], notice: Notice): Toast[] {
  const { code, detail } = parts(notice.message);
  const key = notice.level === 'info' && code ? `info:${code}` : `${notice.level}:${notice.message}`;
  let list = [...toasts];
  const replaced = code ? SUPERSEDES[code] : undefined;
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
    message: notice.message,
    count: (existing?.count ?? 0) + notice.count,
    documentIds: notice.documentId && !ids.includes(notice.documentId) ? [...ids, notice.documentId] : ids,
    details: code && !details.includes(detail) ? [...details, detail] : details,
    at: notice.at,
  };
  const next = [toast, ...rest];
  while (next.length > MAX_TOASTS) {
    const oldestInfo = next.map((t) => t.level).lastIndexOf('info');
    next.splice(oldestInfo > 0 ? oldestInfo : next.length - 1, 1);
  }
  return next;
}

export interface NoticesSlice {
  toasts: Toast[];
  raiseNotice(notice: Notice): void;
  dismissToast(key: string): void;
}

export const createNoticesSlice: StateCreator<AppState, [], [], NoticesSlice> = (set) => ({
  toasts: [],
  raiseNotice: (notice) => set((s) => ({ toasts: addToast(s.toasts, notice) })),
  dismissToast: (key) => set((s) => ({ toasts: s.toasts.filter((t) => t.key !== key) })),
});
