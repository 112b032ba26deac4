import { ClaimIdSchema } from '../../../shared/platform/common';

/**
 * A claim id to prefill from a case number. No channel maps case numbers to claim ids yet, so only a
 * case number that already is a valid claim id (all digits) is taken; anything else leaves the field empty.
 */
export function claimIdFromCaseNumber(caseNumber: string | undefined): string | undefined {
  const v = caseNumber?.trim();
  return v && ClaimIdSchema.safeParse(v).success ? v : undefined;
}

/** The validation message for a typed claim id, or undefined when it is valid. */
export function claimIdProblem(value: string): string | undefined {
  const parsed = ClaimIdSchema.safeParse(value.trim());
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'invalid');
}
