import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { ipcMain } from 'electron';
import type { EventBus } from '../core/events/event-bus';
import { dispatch } from '../core/ipc/handler-table';
import type { HandlerTable } from '../core/ipc/handler-table';
import type { Logger } from '../core/util/logger';
import { invokes, IPC_EVENT_CHANNEL, IPC_INVOKE_PREFIX } from '../../shared/ipc/contract';
import { guardedInvoke } from './ipc-guard';

/**
 * Wires the handler table to ipcMain: one ipcMain.handle per channel of the contract. Every message's
 * sender frame must be the app's own page (isTrusted); anything else is refused and logged.
 */
export function registerIpc(
  handlers: HandlerTable,
  bus: EventBus,
  isTrusted: (senderUrl: string) => boolean,
  windows: () => WebContents[],
  logger: Logger,
  /** Channels the shell answers itself (the OS's dialogs), in place of the core's. */
  shellHandlers: Partial<HandlerTable> = {},
): () => void {
  const channels = Object.keys(invokes);
  const table: HandlerTable = { ...handlers, ...shellHandlers };
  for (const channel of channels) {
    ipcMain.handle(IPC_INVOKE_PREFIX + channel, (event: IpcMainInvokeEvent, request: unknown) =>
      guardedInvoke(
        event.senderFrame?.url,
        isTrusted,
        channel,
        () => dispatch(table, channel, request, logger),
        logger,
      ),
    );
  }
  const unsubscribe = bus.subscribe((channel, payload) => {
    for (const contents of windows()) {
      // Events go only to the app's own page, never to a frame that navigated away.
      if (!contents.isDestroyed() && isTrusted(contents.getURL()))
        contents.send(IPC_EVENT_CHANNEL, { channel, payload });
    }
  });
  return () => {
    unsubscribe();
    for (const channel of channels) ipcMain.removeHandler(IPC_INVOKE_PREFIX + channel);
  };
}
