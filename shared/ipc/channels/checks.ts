import { z } from 'zod';
import { MetadataSchema } from '../../domain/metadata';

/** Channels of the checks before queuing (issue 21 item 1). */
export const MetadataCheckAnswerSchema = z.object({
  /** Field → problem code (shared/domain/metadata-check.ts CHECK_CODES). */
  fields: z.record(z.string(), z.string()),
  /** Fields the platform could not be asked about (offline, or no lookup for them): not refused. */
  unchecked: z.array(z.string()),
});
export type MetadataCheckAnswer = z.infer<typeof MetadataCheckAnswerSchema>;

export const checkInvokes = {
  /**
   * The rules of shared/domain/metadata-check.ts for these documents' folder profiles, then the platform
   * where it can tell: the policy search for a policy number, the local sandbox's claims for a case number.
   */
  'documents.check': {
    request: z.object({ ids: z.array(z.string()).default([]), metadata: MetadataSchema }),
    response: MetadataCheckAnswerSchema,
  },
};
