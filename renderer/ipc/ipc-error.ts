import { IpcCallError } from '../../shared/ipc/errors';
import type { IpcError } from '../../shared/ipc/errors';

/** Any thrown value as an IpcError, so screens show one kind of error whatever failed. */
export function toIpcError(e: unknown): IpcError {
  if (e instanceof IpcCallError) return e.error;
  return { code: 'app.unexpected', message: e instanceof Error ? e.message : String(e), retryable: false };
}
