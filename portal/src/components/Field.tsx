import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';

/**
 * A labelled control: the label names the control (and only the control) for people, screen readers and tests;
 * the hint describes it. `after` sits beside the control, e.g. a "Now" button.
 */
export function Field({ label, hint, after, children }: {
  label: string;
  hint?: ReactNode;
  after?: ReactNode;
  children: ReactElement<{ id?: string; 'aria-describedby'?: string }>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const control = cloneElement(children, { id, 'aria-describedby': hint ? hintId : undefined });
  return (
    <div className="field">
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
      {hint ? (
        <span className="field-hint" id={hintId}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}
