import type { ReactNode } from 'react';

/** A checkbox with its label, as the settings screen lays them out. */
export function SettingsCheck(props: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label className="check">
      <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />
      {props.children}
    </label>
  );
}
