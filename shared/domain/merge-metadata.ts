import type { DraftValues } from './drafts';
import type { Metadata } from './metadata';

/** A field a merge would lose: the first document's value (absent: none) and the other parts' values. */
export interface MergeConflict {
  field: keyof Metadata;
  kept?: string;
  lost: string[];
}

/**
 * What a merge into the first document would drop (issue #36 item 3: merging a document tagged
 * CLM-2026-000102 with one tagged CLM-2026-000103 kept 102 without a word). The merged document keeps
 * the first one's metadata, so any other part's value that differs from it would be lost; a part with
 * no value for a field loses nothing. The fields of one file (its name, its item id) are not compared: the
 * merged file is one new file.
 */
const PER_FILE: readonly (keyof Metadata)[] = ['primaryFileName', 'itemId'];

export function mergeConflicts(docs: readonly { metadata: Metadata }[]): MergeConflict[] {
  const [first, ...others] = docs;
  if (!first) return [];
  const out = new Map<keyof Metadata, MergeConflict>();
  for (const d of others)
    for (const [k, v] of Object.entries(d.metadata) as [keyof Metadata, string | undefined][]) {
      const kept = first.metadata[k]?.trim() ? first.metadata[k] : undefined;
      if (PER_FILE.includes(k) || !v?.trim() || v === kept) continue;
      const c = out.get(k) ?? { field: k, ...(kept ? { kept } : {}), lost: [] };
      if (!c.lost.includes(v)) c.lost.push(v);
      out.set(k, c);
    }
  return [...out.values()];
}

/**
 * A document's values as a merge must keep them: its metadata with what the clerk typed and has not sent laid
 * over it (issue #48 item 2: two documents with different unsent case numbers merged without a word, and one
 * typed value was gone). A typed '' is a value the clerk cleared.
 */
export function withUnsent(metadata: Metadata, unsent: DraftValues | undefined): Metadata {
  return unsent ? { ...metadata, ...unsent } : metadata;
}
