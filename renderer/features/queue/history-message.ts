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
};

export type HistoryStep =
  { kind: 'step'; key: MessageKey; values?: Record<string, string | number> } | { kind: 'detail'; text: string };

export function historyStep(message: string): HistoryStep {
  const attempt = /^attempt (\d+)$/.exec(message);
  if (attempt) return { kind: 'step', key: 'history.step.attempt', values: { n: Number(attempt[1]) } };
  // A shared folder (docs/deployment.md, "Shared scan folders"): which station took the scan.
  const taken = /^arrived; taken by station (.+)$/.exec(message);
  if (taken) return { kind: 'step', key: 'history.step.arrivedAtStation', values: { station: taken[1] ?? '' } };
  const key = STEPS[message];
  return key ? { kind: 'step', key } : { kind: 'detail', text: message };
}
