import type { MetadataCheck } from '../cases/metadata-check';
import type { PartialHandlerTable } from './handler-table';

/** The checks before queuing (shared/ipc/channels/checks.ts). */
export function createCheckHandlers(check: MetadataCheck): PartialHandlerTable<'documents.check'> {
  return {
    'documents.check': ({ ids, metadata }) => check.check(ids, metadata),
  };
}
