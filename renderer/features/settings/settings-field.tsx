import type { ReactNode } from 'react';
import { useAppStore } from '../../app/store';
import { Field } from '../../components/field';
import type { FieldA11y } from '../../components/field';
import { useLocale } from '../../i18n/i18n';
import { fieldText } from '../../i18n/validation-messages';

/** Errors are keyed by dotted settings path; the input id is derived from it so labels and errors pair up. */
export function fieldId(path: string): string {
  return `set-${path.replace(/\./g, '-')}`;
}

/** A Field whose error is the one the settings check found at `path`. */
export function SettingsField(props: {
  path: string;
  label: string;
  hint?: ReactNode;
  children: (a11y: FieldA11y) => ReactNode;
}) {
  const locale = useLocale();
  const error = useAppStore((s) => s.settingsErrors[props.path]);
  return (
    <Field
      id={fieldId(props.path)}
      label={props.label}
      hint={props.hint}
      error={error && fieldText(locale, error)}
      errorTestId="settings-field-error"
    >
      {props.children}
    </Field>
  );
}
