import { useEffect } from 'react';
import type { RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * What aria-modal promises the keyboard (issue #48 item 8): the focus goes into the dialog when it opens
 * (to `initial`, else its first control), Tab and Shift+Tab go round inside it and never to the page behind,
 * focus that lands outside anyway (a click on the backdrop) comes back, and when the dialog closes the focus
 * goes back where it came from (left alone it falls to <body> and the next Tab starts at the top, #36 item 6).
 * Every aria-modal dialog uses this (test/unit/modal-dialogs.test.ts holds them to it).
 */
export function useModalFocus(dialog: RefObject<HTMLElement | null>, initial?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const box = dialog.current;
    if (!box) return;
    const opener = document.activeElement;
    const controls = () =>
      [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    (initial?.current ?? controls()[0] ?? box).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const list = controls();
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) {
        e.preventDefault();
        return;
      }
      const at = document.activeElement;
      const inside = at instanceof Node && box.contains(at);
      if (e.shiftKey && (!inside || at === first)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (!inside || at === last)) {
        e.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (e: FocusEvent) => {
      if (e.target instanceof Node && !box.contains(e.target)) (controls()[0] ?? box).focus();
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocusIn);
      const now = document.activeElement;
      if (opener instanceof HTMLElement && opener.isConnected && (!now || now === document.body || !now.isConnected))
        opener.focus();
    };
    // Once per opening: the dialog's element and its first focus do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
