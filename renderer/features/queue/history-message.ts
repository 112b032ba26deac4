import type { MessageKey } from '../../i18n/messages-en';

/**
 * The core writes each history step as a fixed English word ("arrived", "attempt 2", "uploaded"; see
 * document-queue.ts and upload-worker.ts). These are the clerk's words in the catalogs; anything else is
 * the text of an error, which the queue screen keeps behind "Details".
 */
const STEPS: Record<string, MessageKey> = {
  arrived: 'history.step.arrived',
  'empty file': 'history.step.emptyFile',
  'readable again': 'history.step.readableAgain',
  imported: 'history.step.imported',
  tagged: 'history.step.tagged',
  submitted: 'history.step.submitted',
  retry: 'history.step.retry',
  cancelled: 'history.step.cancelled',
  'interrupted; queued again': 'history.step.interrupted',
  'recovered after restart': 'history.step.recovered',
  uploaded: 'history.step.uploaded',
  archived: 'history.step.archived',
  'files removed': 'history.step.filesRemoved',
  // Page tools (page-edit-service.ts).
  'pages edited': 'history.step.pagesEdited',
  'page edit undone': 'history.step.pageEditUndone',
  split: 'history.step.split',
  merged: 'history.step.merged',
  'merge undone': 'history.step.mergeUndone',
  // Reachable again after an outage (upload-worker.ts, issue #36 item 5).
  'platform reachable again; due now': 'history.step.dueAgain',
};

/**
 * Steps whose words carry values: the station that took a scan, the part of a scanned batch
 * (capture-intake.ts), a split-off document.
 */
const PATTERNS: readonly {
  re: RegExp;
  key: MessageKey;
  values(m: RegExpExecArray): Record<string, string | number>;
}[] = [
  {
    re: /^part (\d+) of (\d+) of (.+), pages ([\d, ]+); blank pages kept and flagged: ([\d, ]+)$/,
    key: 'history.step.partFlagged',
    values: (m) => ({ n: Number(m[1]), count: Number(m[2]), file: m[3] ?? '', pages: m[4] ?? '', blank: m[5] ?? '' }),
  },
  {
    re: /^part (\d+) of (\d+) of (.+), pages ([\d, ]+)$/,
    key: 'history.step.part',
    values: (m) => ({ n: Number(m[1]), count: Number(m[2]), file: m[3] ?? '', pages: m[4] ?? '' }),
  },
  {
    // Issue #30 item 6: a batch's parts are made as its analysis goes on, before their number is known.
    re: /^part (\d+) of (.+), pages ([\d, ]+); blank pages kept and flagged: ([\d, ]+)$/,
    key: 'history.step.partOfFlagged',
    values: (m) => ({ n: Number(m[1]), file: m[2] ?? '', pages: m[3] ?? '', blank: m[4] ?? '' }),
  },
  {
    re: /^part (\d+) of (.+), pages ([\d, ]+)$/,
    key: 'history.step.partOf',
    values: (m) => ({ n: Number(m[1]), file: m[2] ?? '', pages: m[3] ?? '' }),
  },
  {
    // A shared folder (docs/deployment.md, "Shared scan folders"): which station took the scan.
    re: /^arrived; taken by station (.+)$/,
    key: 'history.step.arrivedAtStation',
    values: (m) => ({ station: m[1] ?? '' }),
  },
  {
    re: /^split from (.+) before page (\d+)$/,
    key: 'history.step.splitFrom',
    values: (m) => ({ file: m[1] ?? '', page: Number(m[2]) }),
  },
];

export type HistoryStep =
  | { kind: 'step'; key: MessageKey; values?: Record<string, string | number> }
  /** A text the core wrote that is not a known step: an upload's error when the entry failed, else a note. */
  | { kind: 'detail'; text: string; failed: boolean };

/**
 * The clerk's words for one history entry. Only an entry whose state is `failed` is an attempt that did not
 * succeed (issue #31 item 7: a split part's arrival was labelled so); other unknown texts are notes.
 */
export function historyStep(message: string, state?: string): HistoryStep {
  const attempt = /^attempt (\d+)$/.exec(message);
  if (attempt) return { kind: 'step', key: 'history.step.attempt', values: { n: Number(attempt[1]) } };
  const key = STEPS[message];
  if (key) return { kind: 'step', key };
  for (const p of PATTERNS) {
    const m = p.re.exec(message);
    if (m) return { kind: 'step', key: p.key, values: p.values(m) };
  }
  return { kind: 'detail', text: message, failed: state === 'failed' };
}
