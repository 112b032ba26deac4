import { useEffect, useState } from 'react';
import { useAppStore } from '../../app/store';
import { intake } from '../../ipc/client';

/**
 * The document the clerk has open for tagging is taken for them (documents.take): the other clerks of the
 * office see who has it and cannot change it. Moving to another document, leaving the inbox or closing the
 * window leaves it: closing hides the window to the tray (the app keeps sending), and a hidden or minimised
 * window holds nothing; shown again, it takes the document again (the core also frees what is left at its
 * stop, and a killed station's hold lapses). A document another clerk has is not taken; once it is free
 * again (left, or lapsed: told live) it is taken for this clerk and the form is theirs. A station without an
 * office database grants every take.
 */
export function useHoldOpenDocument(shown: string | undefined, heldElsewhere: boolean): void {
  const visible = usePageVisible();
  const id = visible ? shown : undefined;
  useEffect(() => {
    if (!id || heldElsewhere) return;
    let left = false;
    let again: ReturnType<typeof setTimeout> | undefined;
    let pauseMs = 1_000;
    const take = () =>
      intake()
        .call('documents.take', { id })
        .then((answer) => {
          const s = useAppStore.getState();
          if (answer.outcome === 'taken') {
            if (s.pressNote?.code === 'office.held') useAppStore.setState({ pressNote: undefined });
            return;
          }
          // Someone else was quicker than the list knew: show who, as an event of theirs would.
          const doc = s.documents[id];
          if (answer.outcome === 'held' && doc && !left)
            s.applyDocumentsChanged([{ ...doc, heldBy: answer.heldBy }], [], 'event');
        })
        .catch(() => {
          // The office out of reach, or not joined yet: tried again while the clerk stays on it (the core
          // still refuses meanwhile a change another clerk's hold forbids).
          if (left) return;
          again = setTimeout(() => void take(), pauseMs);
          pauseMs = Math.min(pauseMs * 2, 30_000);
        });
    void take();
    const leave = () => {
      if (left) return;
      left = true;
      clearTimeout(again);
      void intake()
        .call('documents.leave', { id })
        .catch(() => undefined);
    };
    // The page goes (the window closed for good, a reload): said now, as nothing runs after it.
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [id, heldElsewhere]);
}

/** Whether the window is shown (not hidden to the tray, not minimised, not being closed). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const seen = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, []);
  return visible;
}
