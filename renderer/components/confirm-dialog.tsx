import { useRef } from 'react';
import { useModalFocus } from './use-modal-focus';

/**
 * Asks before something the clerk may not have meant. Cancel has the focus, so Enter (or Escape) is the
 * safe answer; texts come translated from the caller, so this widget knows no catalog and no store.
 */
export function ConfirmDialog(props: {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  // Focus goes back where it came from when the dialog closes (either answer), issue #36 item 6.
  useModalFocus(dialog, cancelRef);
  return (
    <div className="overlay" role="presentation" onKeyDown={(e) => e.key === 'Escape' && props.onCancel()}>
      <div
        ref={dialog}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-text"
        data-testid={props.testId ?? 'confirm-dialog'}
      >
        <h2 id="confirm-title">{props.title}</h2>
        <p id="confirm-text">{props.text}</p>
        <div className="dialog-actions">
          <button ref={cancelRef} type="button" className="button" onClick={props.onCancel}>
            {props.cancelLabel}
          </button>
          <button type="button" className="button button-warning" data-testid="confirm" onClick={props.onConfirm}>
            {props.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
