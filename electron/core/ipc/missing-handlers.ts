import type { InvokeChannel } from '../../../shared/ipc/contract';
import { invokes } from '../../../shared/ipc/contract';
import { IntakeError } from '../errors';
import type { Handler, HandlerTable } from './handler-table';

/**
 * Completes a handler table: a channel without a handler answers with a clear error instead of hanging.
 * Used only while a feature is not wired into a shell (e.g. the headless agent has no case screens).
 */
export function completeHandlerTable(partial: Partial<HandlerTable>): HandlerTable {
  const table: Record<string, Handler<InvokeChannel>> = {};
  for (const channel of Object.keys(invokes) as InvokeChannel[]) {
    table[channel] =
      (partial[channel] as Handler<InvokeChannel> | undefined) ??
      (async () => {
        throw new IntakeError('local', 'app.unavailable', `“${channel}” is not available in this shell.`);
      });
  }
  return table as HandlerTable;
}
