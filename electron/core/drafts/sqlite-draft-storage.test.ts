import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openQueueDatabase } from '../queue/queue-database';
import { systemClock } from '../util/clock';
import { DraftStore } from './sqlite-draft-storage';

describe('DraftStore (issue #31 item 2)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const open = (dir: string, open: Set<string>) => {
    const db = openQueueDatabase(join(dir, 'queue.sqlite'));
    return { db, drafts: new DraftStore({ db, isOpen: (id) => open.has(id), clock: systemClock }) };
  };

  it('keeps typed values across a restart, per document, and drops those of documents no longer open', () => {
    const dir = mkdtempSync(join(tmpdir(), 'drafts-'));
    dirs.push(dir);
    const inbox = new Set(['a', 'b']);
    const first = open(dir, inbox);
    first.drafts.save('a', { caseNumber: 'CLM-2026-000123' });
    first.drafts.save('b', { policyNumber: 'HR-100001', itemId: '' });
    first.db.close();

    const second = open(dir, inbox);
    expect(second.drafts.list().map((d) => [d.documentId, d.values])).toEqual([
      ['a', { caseNumber: 'CLM-2026-000123' }],
      ['b', { policyNumber: 'HR-100001', itemId: '' }],
    ]);
    // Empty values remove a draft; a sent document's draft is dropped.
    expect(second.drafts.save('a', {})).toBeNull();
    inbox.delete('b');
    expect(second.drafts.list()).toEqual([]);
    expect(second.db.prepare('SELECT COUNT(*) AS n FROM drafts').get()).toEqual({ n: 0 });
    second.db.close();
  });

  it('refuses a draft for a document that is not in the inbox', () => {
    const dir = mkdtempSync(join(tmpdir(), 'drafts-'));
    dirs.push(dir);
    const { db, drafts } = open(dir, new Set());
    expect(() => drafts.save('sent', { caseNumber: 'X' })).toThrow(/no longer in the inbox/);
    db.close();
  });
});
