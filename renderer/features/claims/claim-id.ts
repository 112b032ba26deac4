import { ClaimIdSchema } from '../../../shared/platform/common';

/** The validation message for a typed claim id, or undefined when it is valid. */
export function claimIdProblem(value: string): string | undefined {
  const parsed = ClaimIdSchema.safeParse(value.trim());
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'invalid');
}
