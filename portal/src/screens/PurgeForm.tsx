import { useState, type FormEvent } from 'react';
import { createPurge } from '../api/endpoints';
import type { Alert, DeliveryService } from '../api/types';
import { AlertList } from '../components/AlertList';
import { Field } from '../components/Field';
import { alertsOf } from '../lib/alerts';
import { DEFAULT_MAX_TTL_HOURS, checkTtl } from '../lib/purge';
import { checkPurgeRegex } from '../lib/regex';
import { formatApiTime, parseApiTime } from '../lib/time';
import { RegexHint } from './RegexHint';

export interface PurgeFormProps {
  services: DeliveryService[];
  initialDsId?: string;
  now: number;
  maxTtlHours?: number;
  onSubmitted: () => void;
}

/** A purge request: which delivery service, which paths, for how long, from when. */
export function PurgeForm({ services, initialDsId = '', now, maxTtlHours = DEFAULT_MAX_TTL_HOURS, onSubmitted }: PurgeFormProps) {
  const [dsId, setDsId] = useState(services.some((s) => s.id === initialDsId) ? initialDsId : '');
  const [regex, setRegex] = useState('');
  const [ttl, setTtl] = useState('24');
  const [startTime, setStartTime] = useState(() => formatApiTime(now));
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [busy, setBusy] = useState(false);

  const regexCheck = checkPurgeRegex(regex);
  const ttlProblem = checkTtl(ttl, maxTtlHours);
  const startProblem = parseApiTime(startTime) === null ? 'Use YYYY-MM-DD hh:mm:ss (UTC).' : null;
  const ready = dsId !== '' && regexCheck.state === 'valid' && !ttlProblem && !startProblem;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    try {
      const result = await createPurge({ dsId: Number(dsId), regex, ttl: Number(ttl), startTime });
      setAlerts(result.alerts);
      setRegex('');
      onSubmitted();
    } catch (error) {
      setAlerts(alertsOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel form-grid" onSubmit={submit} aria-label="Purge request">
      <AlertList alerts={alerts} />
      <Field label="Delivery service">
        <select value={dsId} onChange={(e) => setDsId(e.target.value)} required>
          <option value="">Choose a delivery service…</option>
          {services.map((ds) => (
            <option key={ds.id} value={ds.id}>
              {ds.xmlId} — {ds.displayName}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Regex" hint={<RegexHint check={regexCheck} />}>
        <input className="mono" value={regex} onChange={(e) => setRegex(e.target.value)} placeholder="/images/.*\.png" spellCheck={false} autoComplete="off" required />
      </Field>
      <Field label="TTL (hours)" hint={ttlProblem ?? `From 1 to ${maxTtlHours} hours (${maxTtlHours / 24} days) at most.`}>
        <input type="number" min={1} max={maxTtlHours} step={1} value={ttl} onChange={(e) => setTtl(e.target.value)} required />
      </Field>
      <Field
        label="Start time (UTC)"
        hint={startProblem ?? 'Now, or up to two days ahead.'}
        after={
          <button type="button" className="secondary" onClick={() => setStartTime(formatApiTime(Date.now()))}>
            Now
          </button>
        }
      >
        <input className="mono" value={startTime} onChange={(e) => setStartTime(e.target.value)} required />
      </Field>
      <div className="actions">
        <button type="submit" disabled={!ready || busy}>
          Submit purge
        </button>
      </div>
    </form>
  );
}
