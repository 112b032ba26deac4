import type { ReactNode } from 'react';

/** What the control inside a Field must carry so its label, error and hint pair up for screen readers. */
export interface FieldA11y {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A label, its control and one line below it: the error when there is one, else the hint. The control is
 * the caller's (input, select, with its own ref and handlers); it gets the ids through `children`.
 */
export function Field(props: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Takes the free width of a row (search rows). */
  grow?: boolean;
  errorTestId?: string;
  children: (a11y: FieldA11y) => ReactNode;
}) {
  const { id, hint, error } = props;
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={['field', props.grow && 'grow', error && 'has-error'].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{props.label}</label>
      {props.children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {error ? (
        <p className="field-error" id={`${id}-error`} data-testid={props.errorTestId}>
          {error}
        </p>
      ) : (
        hint && (
          <p className="hint" id={`${id}-hint`}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}
