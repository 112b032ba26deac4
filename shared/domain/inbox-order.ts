/**
 * The inbox's order, newest arrival first, for the window's list and for the core reading texts in the
 * order the clerk meets them (issue #48 item 3). Documents that arrived together (a scanned batch's parts,
 * made in one transaction; a stack dropped at once) are in name order with numbers read as numbers: a part's
 * name is its batch's with its page range (`scan_p1-2.pdf`, `scan_p3.pdf`, `scan_p10-12.pdf`), so the parts
 * read in scanner order. Then by id, so the order is stable between renders.
 */
const byName = new Intl.Collator('en', { numeric: true });

export interface InboxPlace {
  id: string;
  fileName: string;
  /** ISO 8601. */
  arrivedAt: string;
}

export function compareNewestFirst(a: InboxPlace, b: InboxPlace): number {
  if (a.arrivedAt !== b.arrivedAt) return a.arrivedAt < b.arrivedAt ? 1 : -1;
  return byName.compare(a.fileName, b.fileName) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
