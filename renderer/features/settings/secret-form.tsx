import { useState } from 'react';

/**
 * A secret typed once and stored one way (into the keychain, by main): the platform's client secret and the
 * office database's password. What is stored is never read back; the line under the field says whether
 * there is one. The typed value is cleared once it was stored, kept when storing failed (to try again).
 */
export function SecretForm(props: {
  id: string;
  label: string;
  /** Whether one is stored, in words (and why it cannot be, e.g. no keychain). */
  state: string;
  stateTestId: string;
  stored: boolean;
  disabled?: boolean;
  storeLabel: string;
  deleteLabel: string;
  testIds?: { store?: string; delete?: string };
  className?: string;
  /** Resolves true once stored. */
  onStore: (value: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const [value, setValue] = useState('');
  const stateId = `${props.id}-state`;
  return (
    <form
      className={`search-row${props.className ? ` ${props.className}` : ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!value || props.disabled) return;
        void props.onStore(value).then((ok) => ok && setValue(''));
      }}
    >
      <div className="field grow">
        <label htmlFor={props.id}>{props.label}</label>
        <input
          id={props.id}
          type="password"
          autoComplete="off"
          disabled={props.disabled}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby={stateId}
        />
        <p className="hint" id={stateId} data-testid={props.stateTestId}>
          {props.state}
        </p>
      </div>
      <button
        type="submit"
        className="button"
        disabled={props.disabled || !value}
        {...(props.testIds?.store ? { 'data-testid': props.testIds.store } : {})}
      >
        {props.storeLabel}
      </button>
      {props.stored && (
        <button
          type="button"
          className="button"
          onClick={props.onDelete}
          {...(props.testIds?.delete ? { 'data-testid': props.testIds.delete } : {})}
        >
          {props.deleteLabel}
        </button>
      )}
    </form>
  );
}
