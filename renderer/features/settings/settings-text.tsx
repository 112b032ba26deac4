import { SettingsField } from './settings-field';

/** A text input bound to one settings path, with its label, hint and error. */
export function SettingsText(props: {
  path: string;
  label: string;
  hint?: string;
  value: string;
  type?: 'url';
  autoComplete?: 'off';
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <SettingsField path={props.path} label={props.label} hint={props.hint}>
      {(a) => (
        <input
          {...a}
          type={props.type}
          value={props.value}
          autoComplete={props.autoComplete}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </SettingsField>
  );
}
