import type { ClaimInformation } from '../../../shared/platform/claims';

/**
 * Titles of the claim-information row that carries the case number. The spec gives generalInfo only as
 * title/value pairs, so which row holds the case number is our choice (docs/platform-choices.md,
 * "Cases UI"); compared without case and surrounding spaces.
 */
export const CASE_NUMBER_TITLES = ['schadennummer', 'fallnummer', 'case number', 'claim number', 'casenumber'];

/** The case number shown by the claim viewer, if the claim information names one. */
export function caseNumberOfClaim(info: Pick<ClaimInformation, 'generalInfo'>): string | undefined {
  const row = info.generalInfo.find((i) => CASE_NUMBER_TITLES.includes(i.title.trim().toLowerCase()));
  const value = row?.value?.trim();
  return value ? value : undefined;
}
