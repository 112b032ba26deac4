import type { FormModel } from '../../shared/forms/form-model';
import { placeIssues } from '../../shared/forms/place-issues';
import type { FormFieldError } from '../../shared/forms/validate-form-value';
import type { CaseIssue } from '../../shared/domain/cases';

/** What one field shows below itself: our own check (a code to translate) or the platform's own words. */
export type FieldMessage =
  | { level: 'error'; source: 'form'; code: FormFieldError['code']; params: FormFieldError['params'] }
  | { level: 'error' | 'warning'; source: 'platform'; text: string; type?: string };

export interface FormMessages {
  byPath: Record<string, FieldMessage[]>;
  /** Platform errors and warnings that name no field of the form: shown at the top. */
  general: FieldMessage[];
}

/**
 * Puts our own validation errors and the platform's errors/warnings of the last answer beside their
 * fields. Pure, so the placement rule is tested without a DOM.
 */
export function formMessages(
  model: FormModel,
  formErrors: readonly FormFieldError[],
  platform: { errors: readonly CaseIssue[]; warnings: readonly CaseIssue[] } | undefined,
): FormMessages {
  const out: FormMessages = { byPath: {}, general: [] };
  for (const e of formErrors) {
    (out.byPath[e.path] ??= []).push({ level: 'error', source: 'form', code: e.code, params: e.params });
  }
  if (!platform) return out;
  for (const level of ['error', 'warning'] as const) {
    const placed = placeIssues(model, level === 'error' ? platform.errors : platform.warnings);
    const toMessage = (i: CaseIssue): FieldMessage => ({
      level,
      source: 'platform',
      text: i.message,
      ...(i.type !== undefined ? { type: i.type } : {}),
    });
    for (const [path, issues] of Object.entries(placed.byPath)) {
      (out.byPath[path] ??= []).push(...issues.map(toMessage));
    }
    out.general.push(...placed.general.map(toMessage));
  }
  return out;
}

/** The DOM id of a field's input, derived from its path so label, input and message pair up. */
export function fieldDomId(prefix: string, path: string): string {
  return `${prefix}-${path === '' ? 'root' : path.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}
