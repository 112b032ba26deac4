import type { HistoryCode, HistoryStep, HistoryValues } from '../../../shared/domain/history';

/**
 * Reads a history row written before steps were data (queue files up to user_version 5 kept each step
 * as an English sentence). Used once, by the migration that turns those rows into {code, values}; the
 * sentences below are exactly what the old core wrote, and nothing writes them any more.
 */
const WORDS: Record<string, HistoryCode> = {
  arrived: 'arrived',
  'empty file': 'emptyFile',
  'readable again': 'readableAgain',
  imported: 'imported',
  tagged: 'tagged',
  submitted: 'submitted',
  retry: 'retry',
  cancelled: 'cancelled',
  'interrupted; queued again': 'interrupted',
  'data folder failing; queued again': 'storageRequeued',
  'interrupted by a data folder error; queued again': 'storageRequeued',
  'recovered after restart': 'recovered',
  uploaded: 'uploaded',
  archived: 'archived',
  'files removed': 'filesRemoved',
  'pages edited': 'pagesEdited',
  'page edit undone': 'pageEditUndone',
  'turned upright on arrival': 'turnedOnArrival',
  split: 'split',
  merged: 'merged',
  'merge undone': 'mergeUndone',
  'no separator sheet found: one document, as scanned': 'asScanned',
};

const PATTERNS: readonly { re: RegExp; code: HistoryCode; values(m: RegExpExecArray): HistoryValues }[] = [
  { re: /^attempt (\d+)$/, code: 'attempt', values: (m) => ({ n: Number(m[1]) }) },
  {
    re: /^part (\d+) of (\d+) of (.+), pages ([\d, ]+); blank pages kept and flagged: ([\d, ]+)$/,
    code: 'partFlagged',
    values: (m) => ({ n: Number(m[1]), count: Number(m[2]), file: m[3]!, pages: m[4]!, blank: m[5]! }),
  },
  {
    re: /^part (\d+) of (\d+) of (.+), pages ([\d, ]+)$/,
    code: 'part',
    values: (m) => ({ n: Number(m[1]), count: Number(m[2]), file: m[3]!, pages: m[4]! }),
  },
  {
    re: /^part (\d+) of (.+), pages ([\d, ]+); blank pages kept and flagged: ([\d, ]+)$/,
    code: 'partOfFlagged',
    values: (m) => ({ n: Number(m[1]), file: m[2]!, pages: m[3]!, blank: m[4]! }),
  },
  {
    re: /^part (\d+) of (.+), pages ([\d, ]+)$/,
    code: 'partOf',
    values: (m) => ({ n: Number(m[1]), file: m[2]!, pages: m[3]! }),
  },
  { re: /^arrived; taken by station (.+)$/, code: 'arrivedAtStation', values: (m) => ({ station: m[1]! }) },
  {
    re: /^split from (.+) before page (\d+)$/,
    code: 'splitFrom',
    values: (m) => ({ file: m[1]!, page: Number(m[2]) }),
  },
  {
    re: /^pages ([\d, ]+) of (.+), no separator sheet found; blank pages kept and flagged: ([\d, ]+)$/,
    code: 'pagesNoSeparatorFlagged',
    values: (m) => ({ pages: m[1]!, file: m[2]!, blank: m[3]! }),
  },
  {
    re: /^pages ([\d, ]+) of (.+), no separator sheet found$/,
    code: 'pagesNoSeparator',
    values: (m) => ({ pages: m[1]!, file: m[2]! }),
  },
  {
    re: /^pages ([\d, ]+) of (.+), not split: (.+)$/s,
    code: 'pagesNotSplit',
    values: (m) => ({ pages: m[1]!, file: m[2]!, errorCode: '', reason: m[3]! }),
  },
  { re: /^unreadable: (.+)$/s, code: 'unreadable', values: (m) => ({ reason: m[1]! }) },
  { re: /^Kept whole, not split: (.+)$/s, code: 'keptWhole', values: (m) => ({ errorCode: '', reason: m[0] }) },
];

/**
 * The step an old row's sentence was. Any other text was an upload's error (the old core wrote the
 * error's message) or a note: an error when the row's state says the attempt failed or was queued again.
 */
export function legacyHistoryStep(message: string, state: string): HistoryStep {
  const word = WORDS[message];
  if (word) return { code: word, values: {} };
  for (const p of PATTERNS) {
    const m = p.re.exec(message);
    if (m) return { code: p.code, values: p.values(m) };
  }
  if (state === 'failed' || state === 'queued') return { code: 'error', values: { errorCode: '', reason: message } };
  return { code: 'note', values: { text: message } };
}
