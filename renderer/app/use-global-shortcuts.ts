import { useEffect } from 'react';
import { resolveShortcut } from './shortcuts';
import { useAppStore } from './store';

const TEXT_FIELD =
  'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]), textarea, select, [contenteditable="true"]';

/** The one keydown listener for window-wide shortcuts; lists and previews handle their own keys. */
export function useGlobalShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      const action = resolveShortcut({
        key: e.key,
        altKey: e.altKey,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        shiftKey: e.shiftKey,
        inTextField: !!target?.closest(TEXT_FIELD),
      });
      if (!action) return;
      const s = useAppStore.getState();
      const inbox = s.screen === 'inbox';
      switch (action.kind) {
        case 'screen':
          s.setScreen(action.screen);
          break;
        case 'help':
          s.setHelpOpen(!s.helpOpen);
          break;
        case 'escape':
          if (s.helpOpen) s.setHelpOpen(false);
          else if (s.duplicatePrompt) s.cancelDuplicate();
          else return;
          break;
        case 'next':
        case 'previous':
          if (!inbox || s.helpOpen) return;
          s.moveSelection(action.kind === 'next' ? 1 : -1);
          break;
        case 'submit':
          if (!inbox || s.duplicatePrompt) return;
          void s.submitDraft();
          break;
        case 'same-as-previous':
          if (!inbox) return;
          s.useSameAsPrevious();
          break;
        case 'find-policy':
          s.setPolicyQuery(s.draft.values.policyNumber || s.policyQuery);
          s.setScreen('lookup');
          break;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
