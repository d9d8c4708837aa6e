import { useState, type FormEvent } from 'react';
import { Field } from './Field';

/**
 * A deletion (or another action that cannot be taken back, `action`, e.g. Publish) that asks for the record's name
 * typed out, so a slip of the mouse changes nothing.
 */
export function ConfirmByName({
  what,
  name,
  busy,
  action = 'Delete',
  consequence = 'This cannot be undone.',
  onConfirm,
  onCancel,
}: {
  what: string;
  name: string;
  busy?: boolean;
  action?: string;
  consequence?: string;
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
    <form className="panel panel-danger" onSubmit={submit} aria-label={`${action} ${what}`}>
      <p>
        {action} {what} <strong>{name}</strong>? {consequence} Type its name to confirm.
      </p>
      <Field label={`Name to ${action.toLowerCase()}`}>
        <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" autoFocus />
      </Field>
      <div className="actions">
        <button type="submit" className="danger" disabled={!matches || busy}>
          {action} {what}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
