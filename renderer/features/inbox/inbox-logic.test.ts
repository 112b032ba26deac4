import { describe, expect, it } from 'vitest';
import { doc } from '../../test-support/document-fixture';
import { previewKind } from '../document-view/preview-kind';
import { folderLabel } from '../document-view/folder-label';
import { inboxOrder, mergeDocuments } from './document-order';
import { move, reconcile, select } from './selection';
import { scrollToReveal, virtualWindow } from './virtual-window';

describe('selection', () => {
  const order = ['a', 'b', 'c', 'd', 'e'];
  it('plain click selects one, ctrl toggles, shift selects the range from the anchor', () => {
    let sel = select(order, { selected: [] }, 'b', 'single');
    expect(sel).toEqual({ selected: ['b'], anchor: 'b', active: 'b' });
    sel = select(order, sel, 'd', 'range');
    expect(sel.selected).toEqual(['b', 'c', 'd']);
    sel = select(order, sel, 'a', 'range');
    expect(sel.selected).toEqual(['a', 'b']); // the anchor stays at b
    sel = select(order, sel, 'e', 'toggle');
    expect(sel.selected).toEqual(['a', 'b', 'e']);
    sel = select(order, sel, 'e', 'toggle');
    expect(sel.selected).toEqual(['a', 'b']);
  });
  it('toggling off the last selected keeps one row selected', () => {
    expect(select(order, { selected: ['c'], active: 'c' }, 'c', 'toggle').selected).toEqual(['c']);
  });
  it('moves within bounds and extends with shift', () => {
    expect(move(order, { selected: [] }, 1).active).toBe('a');
    expect(move(order, { selected: ['e'], active: 'e' }, 1).active).toBe('e');
    expect(move(order, { selected: ['b'], active: 'b', anchor: 'b' }, 2, true).selected).toEqual(['b', 'c', 'd']);
    expect(move([], { selected: [] }, 1)).toEqual({ selected: [] });
    // End/Home with nothing active reach the last/first row, not the first/last.
    expect(move(order, { selected: [] }, order.length).active).toBe('e');
    expect(move(order, { selected: [] }, -order.length).active).toBe('a');
    expect(move(order, { selected: [] }, -1).active).toBe('e');
  });
  it('when the active row leaves the list, the next surviving row becomes active', () => {
    const sel = reconcile(['a', 'b', 'd', 'e'], order, { selected: ['c'], active: 'c', anchor: 'c' });
    expect(sel).toEqual({ selected: ['d'], anchor: 'd', active: 'd' });
    expect(reconcile(['a', 'b'], ['a', 'b', 'c'], { selected: ['c'], active: 'c' }).active).toBe('b');
    expect(reconcile([], order, { selected: ['c'], active: 'c' })).toEqual({ selected: [] });
  });
});

describe('virtual window', () => {
  it('renders only the visible rows plus overscan out of 10,000', () => {
    const w = virtualWindow(58 * 5000, 580, 58, 10_000, 6);
    expect(w.start).toBe(4994);
    expect(w.end).toBe(5017);
    expect(w.end - w.start).toBeLessThan(30);
    expect(w.offsetTop).toBe(4994 * 58);
    expect(w.totalHeight).toBe(580_000);
  });
  it('clamps at both ends and handles an empty list', () => {
    expect(virtualWindow(-50, 300, 50, 3)).toMatchObject({ start: 0, end: 3 });
    expect(virtualWindow(1e9, 300, 50, 3).end).toBe(3);
    expect(virtualWindow(0, 300, 50, 0)).toEqual({ start: 0, end: 0, offsetTop: 0, totalHeight: 0 });
  });
  it('scrolls just enough to reveal a row', () => {
    expect(scrollToReveal(0, 100, 200, 50)).toBe(0);
    expect(scrollToReveal(10, 0, 200, 50)).toBe(350);
    expect(scrollToReveal(2, 0, 200, 50)).toBeUndefined();
  });
});

describe('document order', () => {
  it('lists newest first, filters open work and text, applies removals', () => {
    const docs = mergeDocuments({}, [
      doc('old', { arrivedAt: '2026-01-01T00:00:00Z' }),
      doc('new', { arrivedAt: '2026-02-01T00:00:00Z', metadata: { caseNumber: 'CLM-7' } }),
      doc('sent', { arrivedAt: '2026-03-01T00:00:00Z', state: 'uploaded' }),
    ]);
    expect(inboxOrder(docs, 'all')).toEqual(['sent', 'new', 'old']);
    expect(inboxOrder(docs, 'open')).toEqual(['new', 'old']);
    expect(inboxOrder(docs, 'all', 'clm-7')).toEqual(['new']);
    expect(Object.keys(mergeDocuments(docs, [], ['old'])).sort()).toEqual(['new', 'sent']);
    expect(docs['old']).toBeDefined(); // the input map is not changed
  });
  it("lists a batch's parts, which arrive together, in scanner order whatever their ids", () => {
    const together = '2026-03-01T10:00:00.000Z';
    const docs = mergeDocuments({}, [
      doc('a', { arrivedAt: together, fileName: 'scan_p10-12.pdf' }),
      doc('b', { arrivedAt: together, fileName: 'scan_p3-9.pdf' }),
      doc('c', { arrivedAt: together, fileName: 'scan_p1-2.pdf' }),
      doc('later', { arrivedAt: '2026-03-01T10:00:05.000Z', fileName: 'letter.pdf' }),
      doc('earlier', { arrivedAt: '2026-03-01T09:00:00.000Z', fileName: 'a.pdf' }),
    ]);
    expect(inboxOrder(docs, 'all')).toEqual(['later', 'c', 'b', 'a', 'earlier']);
  });
  it('shows the last folder segment for Windows and POSIX paths', () => {
    expect(folderLabel('C:\\Scans\\Scanner 2\\')).toBe('Scanner 2');
    expect(folderLabel('/srv/scans/front-desk')).toBe('front-desk');
    expect(folderLabel('import')).toBe('import');
  });
});

describe('preview kind', () => {
  it('picks pdf.js for PDFs, the image decoder for browser images, file info for TIFF', () => {
    expect(previewKind('application/pdf', 'x.bin')).toBe('pdf');
    expect(previewKind('application/octet-stream', 'scan.PDF')).toBe('pdf');
    expect(previewKind('image/jpeg', 'a.jpg')).toBe('image');
    expect(previewKind('image/tiff', 'a.tif')).toBe('tiff');
    expect(previewKind('application/octet-stream', 'fax.TIFF')).toBe('tiff');
  });
});
