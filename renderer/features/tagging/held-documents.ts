import { useEffect } from 'react';
import { useAppStore } from '../../app/store';
import { intake } from '../../ipc/client';

/**
 * The document the clerk has open for tagging is taken for them (documents.take): the other clerks of the
 * office see who has it and cannot change it. Moving to another document, leaving the inbox or closing the
 * window leaves it (the core frees what is left at its stop, and a gone window's station stops beating). A
 * document another clerk has is not taken; once it is free again (left, or lapsed: told live) it is taken
 * for this clerk and the form is theirs. A station without an office database grants every take.
 */
export function useHoldOpenDocument(id: string | undefined, heldElsewhere: boolean): void {
  useEffect(() => {
    if (!id || heldElsewhere) return;
    let left = false;
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
      // Out of reach: nothing is taken, and the core still refuses a change another clerk's hold forbids.
      .catch(() => undefined);
    return () => {
      left = true;
      void intake()
        .call('documents.leave', { id })
        .catch(() => undefined);
    };
  }, [id, heldElsewhere]);
}
