import type { CaseDraft, DraftValue } from '../../../shared/domain/case-draft';
import { parsePath, setAtPath } from '../../../shared/forms/form-paths';

/**
 * The draft's filled values into a form just started (issue #40): they replace its schema defaults (the case
 * type from the policy over the default one). Offered values are not put in: the clerk takes them one by one.
 */
export function applyCaseDraft(value: unknown, draft: CaseDraft): unknown {
  let out = value;
  for (const v of draft.values) {
    if (!v.filled) continue;
    out = setAtPath(out, parsePath(v.path), v.value);
  }
  return out;
}

export function draftValueAt(draft: CaseDraft | undefined, path: string): DraftValue | undefined {
  return draft?.values.find((v) => v.path === path);
}
