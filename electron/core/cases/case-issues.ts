import type { CaseIssue } from '../../../shared/domain/cases';

/**
 * An error or warning of the create-case response as the renderer gets it. Warnings have no fields in
 * the spec: we read `message`, `type` and `path` when they are strings and otherwise show the object.
 */
export function issueOf(raw: Record<string, unknown> | { message: string; type: string }): CaseIssue {
  const r = raw as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const message = text(r['message']) ?? text(r['text']) ?? text(r['description']) ?? JSON.stringify(raw);
  const type = text(r['type']) ?? text(r['code']);
  const path = text(r['path']) ?? text(r['field']) ?? text(r['property']);
  return { message, ...(type !== undefined ? { type } : {}), ...(path !== undefined ? { path } : {}) };
}
