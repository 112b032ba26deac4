/**
 * Multi-selection over an ordered list, like a file manager: a plain click selects one, Ctrl toggles,
 * Shift selects the range from the anchor. Pure so it can be tested without a DOM.
 */
export interface Selection {
  selected: string[];
  /** Where a Shift range starts. */
  anchor?: string;
  /** The row the keyboard is on (the current document). */
  active?: string;
}

export type SelectMode = 'single' | 'toggle' | 'range';

export function select(order: readonly string[], sel: Selection, id: string, mode: SelectMode): Selection {
  if (mode === 'toggle') {
    const has = sel.selected.includes(id);
    const selected = has ? sel.selected.filter((s) => s !== id) : [...sel.selected, id];
    return { selected: selected.length ? selected : [id], anchor: id, active: id };
  }
  if (mode === 'range') {
    const anchor = sel.anchor ?? sel.active ?? id;
    const a = order.indexOf(anchor);
    const b = order.indexOf(id);
    if (a < 0 || b < 0) return { selected: [id], anchor: id, active: id };
    const [from, to] = a <= b ? [a, b] : [b, a];
    return { selected: order.slice(from, to + 1), anchor, active: id };
  }
  return { selected: [id], anchor: id, active: id };
}

/** Moves the active row by `delta`; with `extend` the selection grows as with Shift+arrow. */
export function move(order: readonly string[], sel: Selection, delta: number, extend = false): Selection {
  if (order.length === 0) return { selected: [] };
  const current = sel.active ? order.indexOf(sel.active) : -1;
  // With nothing active, moving down starts above the first row and moving up below the last.
  const from = current >= 0 ? current : delta > 0 ? -1 : order.length;
  const index = clamp(from + delta, 0, order.length - 1);
  const id = order[index] as string;
  return select(order, sel, id, extend ? 'range' : 'single');
}

/** Drops ids that left the list; if the active one left, the row that took its place becomes active. */
export function reconcile(order: readonly string[], previousOrder: readonly string[], sel: Selection): Selection {
  const present = new Set(order);
  const selected = sel.selected.filter((id) => present.has(id));
  if (sel.active && present.has(sel.active)) return { ...sel, selected };
  if (order.length === 0) return { selected: [] };
  const oldIndex = sel.active ? previousOrder.indexOf(sel.active) : -1;
  if (oldIndex < 0) return { selected, anchor: sel.anchor, active: undefined };
  // The next surviving row after the old position, else the last row.
  const after = previousOrder.slice(oldIndex + 1).find((id) => present.has(id));
  const active = after ?? (order[order.length - 1] as string);
  return { selected: selected.length ? selected : [active], anchor: active, active };
}

function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}
