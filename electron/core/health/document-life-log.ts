import type { EventBus } from '../events/event-bus';
import type { Logger } from '../util/logger';
import { onDocumentTransitions } from '../queue/document-transitions';

/**
 * One log line per state a document enters (`document queued`, `document uploaded` …), each with its id,
 * so an admin follows a document's whole life with `grep <id>` in the log file.
 */
export function logDocumentLives(bus: EventBus, logger: Logger): () => void {
  return onDocumentTransitions(bus, (d, previous) => {
    const fields = {
      documentId: d.id,
      fileName: d.fileName,
      folder: d.sourceFolder,
      ...(previous ? { from: previous } : {}),
      ...(d.state === 'new' || previous === undefined ? { size: d.size, sha256: d.sha256 } : {}),
      ...(d.attempts > 0 ? { attempts: d.attempts } : {}),
      ...(d.error ? { code: d.error.code, error: d.error.message } : {}),
    };
    if (d.state === 'failed') logger.warn(`document ${d.state}`, fields);
    else logger.info(`document ${d.state}`, fields);
  });
}
