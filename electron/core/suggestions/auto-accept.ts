/**
 * Auto-accept (a folder profile's `autoAcceptSuggestions`, off by default): once a document's text is read
 * in the background, a suggestion the platform confirmed fills its empty field, as if the clerk had
 * accepted it. Only confirmed ones: a number merely found in the document is never filled by itself, nor
 * a policy that exists but is not in force (expired, not yet started, inactive), and two different
 * confirmed values for one field are left to the clerk.
 *
 * It never submits on its own. Only when the folder's auto-submit is also on (the document waited in the
 * inbox because a field was missing) and the document is now complete does it go to the queue, and only
 * after the same checks as the clerk's submit (documents.check) found nothing to refuse and nothing
 * unchecked: what it is sent with is what the file name, the folder and the platform confirmed.
 */
import type { Document } from '../../../shared/domain/document';
import type { Metadata } from '../../../shared/domain/metadata';
import type { MetadataCheckAnswer } from '../../../shared/domain/metadata-check';
import { profileFor } from '../../../shared/domain/folder-profile';
import type { Settings } from '../../../shared/domain/settings';
import type { DocumentSuggestions, Suggestion } from '../../../shared/domain/suggestions';
import { policyInForce } from '../../../shared/domain/suggestions';
import type { Logger } from '../util/logger';

/** Fields of the tagging form a confirmed suggestion can fill. */
const FILLABLE = ['caseNumber', 'policyNumber'] as const;

export interface AutoAcceptDeps {
  settings: () => Settings;
  document: (id: string) => Document | undefined | Promise<Document | undefined>;
  suggestions: (id: string) => Promise<DocumentSuggestions>;
  check: (ids: string[], metadata: Metadata) => Promise<MetadataCheckAnswer>;
  tag: (ids: string[], metadata: Metadata) => Promise<unknown>;
  submit: (ids: string[]) => Promise<unknown>;
  logger: Logger;
}

export type AutoAcceptOutcome = 'off' | 'nothing' | 'filled' | 'submitted';

export async function autoAccept(deps: AutoAcceptDeps, id: string): Promise<AutoAcceptOutcome> {
  const before = await deps.document(id);
  // 'new' only: a document the clerk has tagged (or that is queued) is theirs, not ours to change.
  if (!before || before.state !== 'new') return 'off';
  const profile = profileFor(deps.settings().folders, before.sourceFolder);
  if (!profile?.autoAcceptSuggestions) return 'off';

  const { suggestions } = await deps.suggestions(id);
  const fill: Metadata = {};
  for (const field of FILLABLE) {
    if (before.metadata[field]?.trim()) continue;
    const values = new Set(suggestions.filter((s) => s.field === field && takesItself(s)).map((s) => s.value));
    const [only] = values;
    if (values.size === 1 && only) fill[field] = only;
  }
  if (!Object.keys(fill).length) return 'nothing';

  // The clerk may have opened and tagged it while the platform was asked; another clerk of the office who
  // has it open is the one to change it (issue #50 item 3: the tag would be refused, office.held).
  const now = await deps.document(id);
  if (!now || now.state !== 'new' || now.heldBy) return 'off';
  await deps.tag([id], fill);
  deps.logger.info('auto-accept: confirmed suggestions filled', { documentId: id, fields: Object.keys(fill) });
  if (!profile.autoSubmit) return 'filled';

  const metadata = { ...now.metadata, ...fill } as Metadata;
  if (!metadata.caseNumber?.trim() && !metadata.policyNumber?.trim()) return 'filled';
  const answer = await deps.check([id], metadata);
  if (Object.keys(answer.fields).length || answer.unchecked.length) {
    deps.logger.info('auto-accept: not submitted, the checks left something to the clerk', {
      documentId: id,
      fields: answer.fields,
      unchecked: answer.unchecked,
    });
    return 'filled';
  }
  const latest = await deps.document(id);
  if (!latest || latest.state !== 'tagged' || !sameMetadata(latest.metadata, metadata)) {
    return 'filled'; // changed meanwhile (the clerk): left to them
  }
  try {
    await deps.submit([id]);
  } catch (e) {
    // A duplicate of an uploaded document needs the clerk's confirmation; so does anything else refused.
    deps.logger.info('auto-accept: not submitted', { documentId: id, error: e });
    return 'filled';
  }
  deps.logger.info('auto-accept: submitted with confirmed fields (folder auto-submit)', { documentId: id });
  return 'submitted';
}

/** Confirmed by the platform, and for a policy: in force today. */
const takesItself = (s: Suggestion): boolean => s.check === 'verified' && (!s.policy || policyInForce(s.policy));

function sameMetadata(a: Metadata, b: Metadata): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof Metadata)[]);
  return [...keys].every((k) => (a[k] ?? '') === (b[k] ?? ''));
}
