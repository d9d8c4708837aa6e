import { useState, type FormEvent } from 'react';
import { Field } from './Field';

/** A deletion that asks for the record's name typed out, so a slip of the mouse deletes nothing. */
export function ConfirmByName({
  what,
  name,
  busy,
  onConfirm,
  onCancel,
}: {
  what: string;
  name: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  const matches = typed === name;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) onConfirm();
  };
  return (
    <form className="panel panel-danger" onSubmit={submit} aria-label={`Delete ${what}`}>
      <p>
        Delete {what} <strong>{name}</strong>? This cannot be undone. Type its name to confirm.
      </p>
      <Field label="Name to delete">
        <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" autoFocus />
      </Field>
      <div className="actions">
        <button type="submit" className="danger" disabled={!matches || busy}>
          Delete {what}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
