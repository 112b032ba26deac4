import type { IpcResult } from '../../shared/ipc/errors';
import type { Logger } from '../core/util/logger';

export const UNTRUSTED_SENDER: IpcResult<never> = {
  ok: false,
  error: { code: 'ipc.untrusted_sender', message: 'Refused.', retryable: false },
};

/**
 * Sender validation for every IPC message (Electron security checklist item 17): the frame that sent it must
 * be the app's own page. A frame that navigated elsewhere, an iframe or a devtools extension gets a refusal,
 * and the handler never runs.
 */
export async function guardedInvoke(
  senderUrl: string | undefined,
  isTrusted: (url: string) => boolean,
  channel: string,
  run: () => Promise<IpcResult<unknown>>,
  logger: Logger,
): Promise<IpcResult<unknown>> {
  if (!senderUrl || !isTrusted(senderUrl)) {
    logger.warn('ipc: message from untrusted frame refused', { channel, senderUrl: senderUrl ?? '' });
    return UNTRUSTED_SENDER;
  }
  return run();
}
