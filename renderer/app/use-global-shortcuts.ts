import { useEffect } from 'react';
import { openFindOnPage } from '../features/document-view/find-opener';
import { isSuggestedField } from '../features/tagging/suggestion-model';
import { heldByOther, heldNote } from '../features/tagging/held-by';
import { resolveShortcut } from './shortcuts';
import { useAppStore } from './store';

const TEXT_FIELD =
  'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]), textarea, select, [contenteditable="true"]';

/** The shortcuts that change the selected documents' values (the core refuses them too, issue #50 item 3). */
const CHANGES_DOCUMENTS = new Set(['submit', 'same-as-previous', 'accept-all', 'accept-suggestion']);

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
      // A key that would change documents another clerk has open says so (the form's note), not nothing.
      if (inbox && CHANGES_DOCUMENTS.has(action.kind)) {
        const held = heldByOther(s.selection.selected.map((id) => s.documents[id]));
        if (held) {
          useAppStore.setState({ pressNote: heldNote(held) });
          e.preventDefault();
          return;
        }
      }
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
          void s.pressSubmit();
          break;
        case 'same-as-previous':
          if (!inbox) return;
          s.useSameAsPrevious();
          break;
        case 'accept-all': {
          // Anywhere in the inbox: the confirmed numbers and the suggested type, one key (issue #31 item 10).
          const one = s.selection.selected.length === 1 ? s.selection.selected[0] : undefined;
          if (!inbox || !one || !s.acceptAllSuggestions(one)) return;
          break;
        }
        case 'accept-suggestion':
        case 'show-suggestion': {
          // The field the clerk is in (its input or one of its chips) and its top suggestion.
          const field = target?.closest<HTMLElement>('[data-suggest-field]')?.dataset['suggestField'];
          const id = s.selection.selected.length === 1 ? s.selection.selected[0] : undefined;
          if (!inbox || !id || !isSuggestedField(field)) return;
          const done =
            action.kind === 'accept-suggestion' ? s.acceptTopSuggestion(id, field) : s.showTopSuggestion(id, field);
          if (!done) return;
          break;
        }
        case 'scan':
          if (!inbox || s.helpOpen || s.duplicatePrompt) return;
          s.pressScan();
          break;
        case 'find-on-page':
          if (s.helpOpen || !openFindOnPage()) return;
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
