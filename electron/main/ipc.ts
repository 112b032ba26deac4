import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { ipcMain } from 'electron';
import { dispatch } from '../core/ipc/handler-table';
import type { HandlerTable } from '../core/ipc/handler-table';
import type { IpcEvents } from '../core/ipc/ipc-events';
import type { Logger } from '../core/util/logger';
import { invokes, IPC_EVENT_CHANNEL, IPC_INVOKE_PREFIX } from '../../shared/ipc/contract';
import { guardedInvoke } from './ipc-guard';

/**
 * Wires the handler table to ipcMain: one ipcMain.handle per channel of the contract. Every message's
 * sender frame must be the app's own page (isTrusted); anything else is refused and logged.
 */
export function registerIpc(
  handlers: HandlerTable,
  events: IpcEvents,
  isTrusted: (senderUrl: string) => boolean,
  windows: () => WebContents[],
  logger: Logger,
): () => void {
  const channels = Object.keys(invokes);
  for (const channel of channels) {
    ipcMain.handle(IPC_INVOKE_PREFIX + channel, (event: IpcMainInvokeEvent, request: unknown) =>
      guardedInvoke(
        event.senderFrame?.url,
        isTrusted,
        channel,
        () => dispatch(handlers, channel, request, logger),
        logger,
      ),
    );
  }
  const unsubscribe = events.subscribe((channel, payload) => {
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
