import type { EventBus } from '../core/events/event-bus';

/** A document of this run sent as scanned although a searchable PDF was asked for, and why. */
export interface SentAsScanned {
  id?: string;
  fileName: string;
  reason: string;
}

/**
 * The documents of this run that go as scanned where `--output searchable-pdf` asked for a searchable PDF
 * (the notice `output.failed`), for the --once summary: a script that runs the agent unattended sees the
 * fallback in what it reads, not only in the log (issue #45).
 */
export function collectSentAsScanned(bus: EventBus): { list: SentAsScanned[]; stop: () => void } {
  const list: SentAsScanned[] = [];
  const stop = bus.on('notice.raised', ({ notice }) => {
    if (notice.code !== 'output.failed') return;
    list.push({
      ...(notice.documentId ? { id: notice.documentId } : {}),
      fileName: String(notice.values['file'] ?? ''),
      reason: String(notice.values['reason'] ?? ''),
    });
  });
  return { list, stop };
}
