import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';

type ControlProps = { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean };

/**
 * A labelled control: the label names the control (and only the control) for people, screen readers and tests;
 * the hint describes it, and an error (the shared rules' verdict, checked as the user types) replaces the hint
 * right under the control. `after` sits beside the control, e.g. a "Now" button.
 */
export function Field({
  label,
  hint,
  error,
  after,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  after?: ReactNode;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const note = error ? <span className="field-error">{error}</span> : hint;
  const control = cloneElement(children, {
    id,
    'aria-describedby': note ? hintId : undefined,
    'aria-invalid': error ? true : undefined,
  });
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {after ? (
        <div className="input-row">
          {control}
          {after}
        </div>
      ) : (
        control
      )}
      {note ? (
        <span className="field-hint" id={hintId}>
          {note}
        </span>
      ) : null}
    </div>
  );
}
