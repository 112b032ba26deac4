import type { ReactNode } from 'react';

/** What the control inside a Field must carry so its label, error and hint pair up for screen readers. */
export interface FieldA11y {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
  disabled?: boolean;
}

/**
 * A label, its control and the lines below it: the error when there is one, else the hint; or, for the
 * schema form, the hint and a list of messages (`messages`, an element with the id `<id>-msg`). The control
 * is the caller's (input, select, with its own ref and handlers); it gets the ids through `children`. The one
 * field of the renderer: the screens' forms and the schema form both use it.
 */
export function Field(props: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** The schema form's messages of this field (errors and warnings), shown below the hint. */
  messages?: ReactNode;
  /** Marked invalid without an `error` (the schema form: one of its messages is an error). */
  invalid?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** The control before its label (a checkbox). */
  inline?: boolean;
  /** Takes the free width of a row (search rows). */
  grow?: boolean;
  className?: string;
  /** The schema form's path of the field (data-path), for tests and the error summary. */
  path?: string;
  errorTestId?: string;
  children: (a11y: FieldA11y) => ReactNode;
}) {
  const { id, error, messages } = props;
  const hint = error ? undefined : props.hint;
  const invalid = props.invalid ?? Boolean(error);
  const described =
    [error && `${id}-error`, messages && `${id}-msg`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  const a11y: FieldA11y = {
    id,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': described,
    ...(props.required ? { 'aria-required': true } : {}),
    ...(props.disabled !== undefined ? { disabled: props.disabled } : {}),
  };
  const label = <label htmlFor={id}>{props.label}</label>;
  const className = [
    'field',
    props.className,
    props.grow && 'grow',
    props.inline && 'field-inline',
    invalid && 'has-error',
  ];
  return (
    <div className={className.filter(Boolean).join(' ')} data-path={props.path}>
      {props.inline ? (
        <>
          {props.children(a11y)}
          {label}
        </>
      ) : (
        <>
          {label}
          {props.children(a11y)}
        </>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} data-testid={props.errorTestId}>
          {error}
        </p>
      )}
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {messages}
    </div>
  );
}
