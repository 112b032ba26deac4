import type { Notice, NoticeCode, NoticeValues } from '../../shared/domain/notice';

/** A toast on screen: notices with the same level, code and values are one toast with a count. */
export interface Toast {
  key: string;
  level: Notice['level'];
  /** The latest notice's code and values; the count says how many there were. */
  code: NoticeCode;
  values: NoticeValues;
  count: number;
  documentIds: string[];
  /** What each notice an informational toast stands for named, so a later notice can take one back. */
  details: string[];
  at: string;
}

export interface NoticesSlice {
  toasts: Toast[];
  raiseNotice(notice: Notice): void;
  dismissToast(key: string): void;
}
