import { describe, expect, it } from 'vitest';
import { doc } from '../../test-support/document-fixture';
import {
  applyPrevious,
  cleanMetadata,
  draftFromDocuments,
  fieldErrorsFromIpc,
  setField,
  submitGroups,
  validateDraft,
} from './metadata-form-model';

describe('metadata form model', () => {
  it('prefills one document from its metadata', () => {
    const d = draftFromDocuments([doc('a', { metadata: { caseNumber: 'CLM-1', documentTypeCode: 'INV' } })]);
    expect(d.values.caseNumber).toBe('CLM-1');
    expect(d.values.documentTypeCode).toBe('INV');
    expect(d.values.policyNumber).toBe('');
    expect(d.mixed).toEqual([]);
  });
  it('marks fields where a batch disagrees as mixed and keeps each document’s own value on submit', () => {
    const docs = [
      doc('a', { metadata: { caseNumber: 'CLM-1', primaryFileName: 'a.pdf' } }),
      doc('b', { metadata: { caseNumber: 'CLM-1', primaryFileName: 'b.pdf' } }),
    ];
    let d = draftFromDocuments(docs);
    expect(d.mixed).toEqual(['primaryFileName']);
    d = setField(d, 'documentTypeCode', 'LETTER');
    const groups = submitGroups(docs, d);
    expect(groups).toEqual([
      { ids: ['a'], metadata: { caseNumber: 'CLM-1', documentTypeCode: 'LETTER', primaryFileName: 'a.pdf' } },
      { ids: ['b'], metadata: { caseNumber: 'CLM-1', documentTypeCode: 'LETTER', primaryFileName: 'b.pdf' } },
    ]);
    // Once the clerk sets the mixed field, all documents get it and share one call.
    const same = submitGroups(docs, setField(d, 'primaryFileName', 'all.pdf'));
    expect(same).toHaveLength(1);
    expect(same[0]?.ids).toEqual(['a', 'b']);
  });
  it('rejects line breaks and over-long values with the schema’s messages', () => {
    let d = draftFromDocuments([doc('a')]);
    d = setField(d, 'caseNumber', 'CLM\n1');
    d = setField(d, 'itemId', 'x'.repeat(256));
    const errors = validateDraft(d);
    expect(errors.caseNumber).toBe('line breaks are not allowed');
    expect(errors.itemId).toBe('at most 255 characters');
  });
  it('requires a case number or a policy number', () => {
    const empty = draftFromDocuments([doc('a')]);
    expect(validateDraft(empty).form).toBe('tagging.error.caseOrPolicy');
    expect(validateDraft(setField(empty, 'policyNumber', 'HR-100001'))).toEqual({});
    expect(validateDraft(setField(empty, 'caseNumber', '   ')).form).toBe('tagging.error.caseOrPolicy');
  });
  it('"same as previous" copies everything but the per-file fields', () => {
    const d = applyPrevious(draftFromDocuments([doc('a', { metadata: { primaryFileName: 'mine.pdf' } })]), {
      caseNumber: 'CLM-9',
      itemId: 'item-1',
      primaryFileName: 'theirs.pdf',
    });
    expect(d.values.caseNumber).toBe('CLM-9');
    expect(d.values.itemId).toBe('');
    expect(d.values.primaryFileName).toBe('mine.pdf');
  });
  it('trims values and drops empty ones; maps core field errors onto form fields', () => {
    expect(cleanMetadata({ caseNumber: '  CLM-1 ', policyNumber: '' })).toEqual({ caseNumber: 'CLM-1' });
    expect(fieldErrorsFromIpc({ 'metadata.caseNumber': 'unknown case', 'ids.0': 'x' })).toEqual({
      caseNumber: 'unknown case',
    });
  });
});
