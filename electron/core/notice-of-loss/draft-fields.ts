/**
 * A case draft as the fields a clerk sees (issue #47): the one place a draft's values are said as
 * filled/offered, for `intake-agent case-draft` and the blind-letter bench alike.
 *
 * The rule:
 * - state "filled": the draft put the value into the form (case-draft.ts: its kind of evidence fills,
 *   fill-evidence.ts, and the schema accepts it); "offered": shown beside the form for the clerk to take
 *   (a kind that does not fill, or refused by the schema), never in the form by itself.
 * - source "policy": the value is the platform's answer about the confirmed policy (the holder's name, the
 *   case type from the product, the insured address); "letter": read off the letter (the policy number too:
 *   it is read on the letter, the platform only confirms it).
 * - page: the letter's page, 1-based, for a value read off the letter; none for the policy's.
 */
import type { CaseDraft, DraftValue } from '../../../shared/domain/case-draft';

export type DraftFieldState = 'filled' | 'offered';

export interface DraftField {
  /** The schema's own path (`damageAddress.city`). */
  path: string;
  value: string | number;
  state: DraftFieldState;
  source: 'letter' | 'policy';
  page?: number;
}

export function draftFieldOf(v: DraftValue): DraftField {
  return {
    path: v.path,
    value: v.value,
    state: v.filled ? 'filled' : 'offered',
    source: v.source.kind === 'policy' ? 'policy' : 'letter',
    ...(v.source.kind === 'page' ? { page: v.source.page + 1 } : {}),
  };
}

export const draftFields = (draft: CaseDraft): DraftField[] => draft.values.map(draftFieldOf);
