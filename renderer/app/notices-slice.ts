import type { StateCreator } from 'zustand';
import type { Notice } from '../../shared/domain/notice';
import type { AppState } from './store';

/** A toast on screen: notices with the same level and message are one toast with a count. */
export interface Toast {
  key: string;
  level: Notice['level'];
  message: string;
  count: number;
  documentIds: string[];
  at: string;
}

export const MAX_TOASTS = 4;

/** Folds a notice into the toast list: same level+message → count up and move to the top. Pure. */
export function addToast(toasts: readonly Toast[], notice: Notice): Toast[] {
  const key = `${notice.level}:${notice.message}`;
  const existing = toasts.find((t) => t.key === key);
  const rest = toasts.filter((t) => t.key !== key);
  const ids = existing ? existing.documentIds : [];
  const toast: Toast = {
    key,
    level: notice.level,
    message: notice.message,
    count: (existing?.count ?? 0) + notice.count,
    documentIds: notice.documentId && !ids.includes(notice.documentId) ? [...ids, notice.documentId] : ids,
    at: notice.at,
  };
  return [toast, ...rest].slice(0, MAX_TOASTS);
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
