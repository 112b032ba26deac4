import { useEffect } from 'react';
import { useAppStore } from '../../app/store';
import { useT } from '../../i18n/i18n';
import type { SubmittedNote as Note } from './tagging-slice';
import { inSendGrace } from './tagging-slice';
import { relativeWhen, useSecondTick } from '../../components/relative-time';

/** How long the quiet confirmation stays; the undo goes with it (the queue screen can still cancel). */
const SHOWN_MS = 10_000;
const UNDOABLE = new Set(['queued', 'uploading']);

/**
 * A quiet line after a submit: what went to the queue, and an undo while the documents are not uploaded.
 * A status region (read out politely), not an alert: nothing went wrong.
 */
export function SubmittedNote(props: { note: Note }) {
  const t = useT();
  const states = useAppStore((s) => props.note.ids.map((id) => s.documents[id]?.state ?? '').join('|'));
  // The send grace (issue #36 item 9): when the first of them leaves, counted down live.
  const graceEnds = useAppStore((s) => {
    const ends = props.note.ids
      .map((id) => s.documents[id])
      .filter((d) => inSendGrace(d, Date.now()))
      .map((d) => Date.parse(d?.nextAttemptAt ?? ''));
    return ends.length ? Math.min(...ends) : undefined;
  });
  const now = useSecondTick();
  const s = useAppStore.getState;
  useEffect(() => {
    // Shown at least until the grace is over: the undo is what it is for.
    const timer = setTimeout(() => s().dismissSubmitted(), Math.max(SHOWN_MS, (graceEnds ?? 0) - Date.now() + 2_000));
    return () => clearTimeout(timer);
  }, [props.note, s, graceEnds]);
  const list = states.split('|');
  const undoable = list.some((state) => UNDOABLE.has(state));
  const uploaded = list.every((state) => state === 'uploaded' || state === 'archived');
  // Back in the inbox (undone, cancelled, failed): the list says so; this line has nothing true to add.
  if (!undoable && !uploaded) return null;
  const [first] = props.note.fileNames;
  const many = props.note.fileNames.length > 1;
  const waiting = graceEnds !== undefined && graceEnds > now;
  const when = waiting ? relativeWhen(t, graceEnds, now) : '';
  const text = waiting
    ? many
      ? t('tagging.sendingMany', { count: props.note.fileNames.length, when })
      : t('tagging.sendingOne', { name: first ?? '', when })
    : many
      ? t('tagging.submittedMany', { count: props.note.fileNames.length })
      : undoable
        ? t('tagging.submittedOne', { name: first ?? '' })
        : t('tagging.submittedUploaded', { name: first ?? '' });
  return (
    <div className="submitted-note" data-testid="submitted-note" data-waiting={waiting}>
      <span className="ellipsis" title={waiting ? t('tagging.sendNowHint') : undefined}>
        {text}
      </span>
      {undoable && (
        <button
          type="button"
          className="button button-small"
          data-testid="undo-submit"
          onClick={() => void s().undoSubmit()}
        >
          {t('tagging.undo')}
        </button>
      )}
    </div>
  );
}
