import type { Document } from '../../shared/domain/document';

/** A plausible document record for unit tests; `patch` sets what the test is about. */
export function doc(id: string, patch: Partial<Document> = {}): Document {
  return {
    id,
    fileName: `${id}.pdf`,
    sourceFolder: '/scans/scanner-1',
    size: 1000,
    contentType: 'application/pdf',
    sha256: 'x',
    arrivedAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    state: 'new',
    metadata: {},
    attempts: 0,
    ...patch,
  };
}
