import type { ReactNode } from 'react';
import { useAppStore } from '../../app/store';
import { translateMaybe, useLocale } from '../../i18n/i18n';

/** Errors are keyed by dotted settings path; the input id is derived from it so labels and errors pair up. */
export function fieldId(path: string): string {
  return `set-${path.replace(/\./g, '-')}`;
}

export function SettingsField(props: {
  path: string;
  label: string;
  hint?: string;
  children: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const locale = useLocale();
  const error = useAppStore((s) => s.settingsErrors[props.path]);
  const id = fieldId(props.path);
  const described = error ? `${id}-error` : props.hint ? `${id}-hint` : undefined;
  return (
    <div className={`field ${error ? 'has-error' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      {props.children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {error ? (
        <p className="field-error" id={`${id}-error`} data-testid="settings-field-error">
          {translateMaybe(locale, error)}
        </p>
      ) : (
        props.hint && (
          <p className="hint" id={`${id}-hint`}>
            {props.hint}
          </p>
        )
      )}
    </div>
  );
}
