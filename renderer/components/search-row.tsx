import type { ReactNode } from 'react';

/** A one-line form (fields side by side, then its button) that runs `onSubmit` on Enter or the button. */
export function SearchRow(props: {
  onSubmit: () => void;
  /** A search landmark (role="search") for screen readers; off for forms that open or store something. */
  search?: boolean;
  noValidate?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      className="search-row"
      role={props.search ? 'search' : undefined}
      noValidate={props.noValidate}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
    </form>
  );
}
