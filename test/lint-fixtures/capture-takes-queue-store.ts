// lint-as: electron/core/capture/batches/lint-fixture.ts
// expect: no-restricted-imports
import type { DocumentStore } from '../../queue/document-store';

export type Handed = { store: DocumentStore };
