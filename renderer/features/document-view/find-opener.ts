/**
 * Ctrl+F (app/use-global-shortcuts.ts) opens the find box of the preview shown, wherever focus is on its
 * screen. The preview registers itself while it shows a document; at most one is shown at a time, the
 * last one registered answers.
 */
const openers: (() => void)[] = [];

export function registerFindOpener(open: () => void): () => void {
  openers.push(open);
  return () => {
    const i = openers.lastIndexOf(open);
    if (i >= 0) openers.splice(i, 1);
  };
}

/** Opens the shown preview's find box; false when no document is shown (Ctrl+F is then left alone). */
export function openFindOnPage(): boolean {
  const open = openers.at(-1);
  open?.();
  return open !== undefined;
}
