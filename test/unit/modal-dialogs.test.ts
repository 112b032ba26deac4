import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue #48 item 8: Tab walked out of the help overlay and the production confirmation, both marked modal, to
// the page behind. What aria-modal promises the keyboard is in one hook (renderer/components/use-modal-focus.ts):
// every component that draws an aria-modal dialog uses it, so a new dialog cannot forget it.

const ROOT = resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name) ? [path] : [];
  });
}

describe('modal dialogs', () => {
  const modal = sources(join(ROOT, 'renderer')).filter((f) => /aria-modal(=|:)/.test(readFileSync(f, 'utf8')));

  it('there are modal dialogs to check (the help, the confirmations, the duplicate question)', () => {
    expect(modal.map((f) => relative(ROOT, f)).sort()).toEqual(
      expect.arrayContaining([
        'renderer/app/help-overlay.tsx',
        'renderer/components/confirm-dialog.tsx',
        'renderer/features/tagging/duplicate-dialog.tsx',
      ]),
    );
  });

  it('each keeps the focus inside with useModalFocus', () => {
    const without = modal.filter((f) => !/useModalFocus\(/.test(readFileSync(f, 'utf8')));
    expect(without.map((f) => relative(ROOT, f))).toEqual([]);
  });
});
