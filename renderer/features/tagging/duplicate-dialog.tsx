import { useRef } from 'react';
import { useModalFocus } from '../../components/use-modal-focus';
import { useAppStore } from '../../app/store';
import { useT } from '../../i18n/i18n';
import type { DuplicatePrompt } from './tagging-slice';

/** Asks before uploading content the platform already has; Cancel has the focus, so Enter is the safe answer. */
export function DuplicateDialog(props: { prompt: DuplicatePrompt }) {
  const t = useT();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  useModalFocus(dialog, cancelRef);
  const s = useAppStore.getState;
  return (
    <div className="overlay" role="presentation">
      <div
        ref={dialog}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="dup-title"
        aria-describedby="dup-text"
        data-testid="duplicate-dialog"
      >
        <h2 id="dup-title">{t('duplicate.title')}</h2>
        <p id="dup-text">{t('duplicate.text', { count: props.prompt.fileNames.length })}</p>
        <ul>
          {props.prompt.fileNames.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
        <div className="dialog-actions">
          <button ref={cancelRef} type="button" className="button" onClick={() => s().cancelDuplicate()}>
            {t('action.cancel')}
          </button>
          <button
            type="button"
            className="button button-warning"
            data-testid="confirm-duplicate"
            onClick={() => void s().submitDraft(true)}
          >
            {t('duplicate.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
