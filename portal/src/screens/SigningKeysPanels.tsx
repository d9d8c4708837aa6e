import { useState, type FormEvent } from 'react';
import { copyUrlKeys, generateUrlKeys, replaceUriKeys, type KeySummary } from '../api/keys';
import type { Alert } from '../api/types';
import { AlertList } from '../components/AlertList';
import { Field } from '../components/Field';
import { alertsOf } from '../lib/alerts';
import { Changed } from './KeysParts';

/** Runs a key write, shows its alerts, and reloads the summary; the answer's body is never shown. */
function useKeyAction(onChanged: () => void) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<{ alerts: Alert[] }>, success: string) => {
    setBusy(true);
    try {
      const result = await action();
      setAlerts(result.alerts.length > 0 ? result.alerts : [{ level: 'success', text: success }]);
      onChanged();
      return true;
    } catch (error) {
      setAlerts(alertsOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { alerts, busy, run };
}

/** URL-signing keys: how many, who changed them when; generate new ones or copy another service's. */
export function UrlKeysPanel({
  xmlId,
  summary,
  others,
  onChanged,
}: {
  xmlId: string;
  summary: KeySummary['urlSigKeys'];
  others: string[];
  onChanged: () => void;
}) {
  const { alerts, busy, run } = useKeyAction(onChanged);
  const [from, setFrom] = useState('');
  return (
    <div className="panel" aria-label="URL signing keys">
      <h2>URL signing keys</h2>
      <AlertList alerts={alerts} />
      {summary ? (
        <p>
          {summary.keys} keys ({summary.names.slice(0, 3).join(', ')}…) —{' '}
          <Changed by={summary.changedBy} at={summary.changedAt} />
        </p>
      ) : (
        <p className="muted">No URL signing keys are stored.</p>
      )}
      <div className="page-actions">
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(() => generateUrlKeys(xmlId), 'Generated new keys.')}
        >
          {summary ? 'Replace with new keys' : 'Generate keys'}
        </button>
        <Field label="Copy keys from">
          <select value={from} onChange={(e) => setFrom(e.target.value)}>
            <option value="">Choose a delivery service…</option>
            {others.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </Field>
        <button
          type="button"
          disabled={busy || from === ''}
          onClick={() => void run(() => copyUrlKeys(xmlId, from), 'Copied.')}
        >
          Copy
        </button>
      </div>
    </div>
  );
}

/** URI-signing keys: issuers and key ids; a new key set is pasted, sent, and cleared from the page. */
export function UriKeysPanel({
  xmlId,
  summary,
  onChanged,
}: {
  xmlId: string;
  summary: KeySummary['uriSigningKeys'];
  onChanged: () => void;
}) {
  const { alerts, busy, run } = useKeyAction(onChanged);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let keyset: unknown;
    try {
      keyset = JSON.parse(text);
    } catch {
      setProblem('The key set is not valid JSON.');
      return;
    }
    setProblem('');
    if (await run(() => replaceUriKeys(xmlId, keyset), 'Stored the key set.')) setText('');
  };
  return (
    <form className="panel form-grid" aria-label="URI signing keys" onSubmit={submit}>
      <h2>URI signing keys</h2>
      <AlertList alerts={problem ? [{ level: 'error', text: problem }, ...alerts] : alerts} />
      {summary ? (
        <ul>
          {summary.issuers.map((i) => (
            <li key={i.issuer}>
              <span className="mono">{i.issuer}</span>: {i.keys.map((k) => `${k.kid} (${k.alg})`).join(', ')}
              {i.renewalKid ? ` — renews with ${i.renewalKid}` : ''}
            </li>
          ))}
          <li>
            <Changed by={summary.changedBy} at={summary.changedAt} />
          </li>
        </ul>
      ) : (
        <p className="muted">No URI signing keys are stored.</p>
      )}
      <Field label="New key set (JSON)" hint="Replaces the stored set; it is cleared from this page once sent.">
        <textarea
          className="key-secret-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
      <button type="submit" disabled={busy || text.trim() === ''}>
        {summary ? 'Replace key set' : 'Store key set'}
      </button>
    </form>
  );
}
