import { z } from 'zod';
import { DuplicateContentSchema, HeldBySchema } from '../domain/document';
import { PlatformErrorSchema } from '../platform/common';

/**
 * Errors cross process boundaries as data (like VS Code's SerializedError): a stable code, a message a
 * clerk understands, whether trying again may help. Stacks stay in main's log; secrets in no log at all.
 */
export const IpcErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  retryable: z.boolean(),
  status: z.number().int().optional(),
  platformErrors: z.array(PlatformErrorSchema).optional(),
  /** Field-level problems (path → message), e.g. from request validation. */
  fields: z.record(z.string(), z.string()).optional(),
  /** With code DUPLICATE_CONTENT_CODE: the documents whose content was uploaded before, and the earlier ones. */
  duplicates: z.array(DuplicateContentSchema).optional(),
  /** With code `office.held`: who has the document open (issue #50 item 3). */
  heldBy: HeldBySchema.optional(),
});
export type IpcError = z.infer<typeof IpcErrorSchema>;

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export function resultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: IpcErrorSchema }),
  ]);
}

/** Thrown by the client side when a result is not ok, so UI code can `await` and `catch`. */
export class IpcCallError extends Error {
  constructor(readonly error: IpcError) {
    super(error.message);
    this.name = 'IpcCallError';
  }
}
