import { z } from 'zod';
import { MetadataSchema } from '../../domain/metadata';
import { MetadataCheckAnswerSchema } from '../../domain/metadata-check';

/** Channels of the checks before queuing (issue 21 item 1). */
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
