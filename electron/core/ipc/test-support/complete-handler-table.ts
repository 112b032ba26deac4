import type { InvokeChannel } from '../../../../shared/ipc/contract';
import { invokes } from '../../../../shared/ipc/contract';
import { IntakeError } from '../../errors';
import type { Handler, HandlerTable } from '../handler-table';

/**
 * Tests only: completes a partial handler table, so a test can serve the few channels it exercises; any
 * other channel answers with a clear error instead of hanging. Production tables are complete by type
 * (core/app.ts).
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
