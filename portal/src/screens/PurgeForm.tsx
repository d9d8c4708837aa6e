import { useState, type FormEvent } from 'react';
import {
  DEFAULT_MAX_TTL_HOURS,
  matchesEverything,
  purgeErrors,
  type PurgeValues,
} from '../../../shared/rules/forms/purge.js';
import { createPurge } from '../api/endpoints';
import type { Alert, DeliveryService } from '../api/types';
import { AlertList } from '../components/AlertList';
import { Field } from '../components/Field';
import { alertsOf } from '../lib/alerts';
import { fieldErrorsFromAlerts, withoutField } from '../lib/field-errors';
import { formatApiTime } from '../lib/time';
import { RegexHint } from './RegexHint';
import { purgeConfirmation, type PurgeConfirmation } from '../../../shared/rules/purge/confirmation.js';

export interface PurgeFormProps {
  services: DeliveryService[];
  initialDsId?: string;
  /** On a delivery service's own page: no choice of delivery service. */
  lockDs?: boolean;
  now: number;
  maxTtlHours?: number;
  onSubmitted: () => void;
}

type FieldName = keyof PurgeValues | 'dsId';
const FIELDS: readonly FieldName[] = ['dsId', 'regex', 'ttl', 'startTime'];

/** The form's values, each field's message (the shared rules' once touched, else the API's), and submitting. */
function usePurgeForm({
  services,
  initialDsId = '',
  now,
  maxTtlHours = DEFAULT_MAX_TTL_HOURS,
  onSubmitted,
}: PurgeFormProps) {
  const [dsId, setDsId] = useState(services.some((s) => String(s.id) === initialDsId) ? initialDsId : '');
  const [values, setValues] = useState<PurgeValues>(() => ({ regex: '', ttl: '24', startTime: formatApiTime(now) }));
  const [touched, setTouched] = useState<Set<FieldName>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [busy, setBusy] = useState(false);
  // The shared purge-safety rule: a match-everything purge waits here for the xmlId to be typed.
  const [confirming, setConfirming] = useState<PurgeConfirmation | null>(null);

  const checked = purgeErrors(values, maxTtlHours, Date.now());
  const local: Partial<Record<FieldName, string>> = {
    ...checked,
    dsId: dsId === '' ? 'choose a delivery service' : undefined,
  };
  const errorOf = (f: FieldName) => withoutField(touched.has(f) ? (local[f] ?? serverErrors[f]) : serverErrors[f]);
  const set = (f: keyof PurgeValues) => (e: { target: { value: string } }) => {
    setConfirming(null);
    setValues((v) => ({ ...v, [f]: e.target.value }));
    setTouched((t) => new Set(t).add(f));
    setServerErrors((s) => ({ ...s, [f]: undefined }));
  };
  const chooseDs = (id: string) => {
    setConfirming(null);
    setDsId(id);
    setTouched((t) => new Set(t).add('dsId'));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(FIELDS));
    if (!FIELDS.every((f) => !local[f])) return;
    const needed = purgeConfirmation(values.regex, services.find((s) => String(s.id) === dsId)?.xmlId ?? dsId);
    if (needed) setConfirming(needed);
    else void send();
  };
  const send = async () => {
    setConfirming(null);
    setBusy(true);
    try {
      const result = await postPurge(dsId, values);
      setAlerts(result.alerts);
      setValues((v) => ({ ...v, regex: '' }));
      setTouched(new Set());
      onSubmitted();
    } catch (error) {
      const split = fieldErrorsFromAlerts(alertsOf(error), FIELDS);
      setServerErrors(split.fields);
      setAlerts(split.rest);
    } finally {
      setBusy(false);
    }
  };
  return { dsId, chooseDs, values, checked, errorOf, set, submit, send, confirming, setConfirming, alerts, busy };
}

const postPurge = (dsId: string, values: PurgeValues) =>
  createPurge({ dsId: Number(dsId), regex: values.regex, ttl: Number(values.ttl), startTime: values.startTime });

/**
 * A purge request: which delivery service, which paths, for how long, from when. Every field is checked with the
 * daemon's own rules as it is typed (src/ui/validation/purge.ts) and its message shown under it; what the API
 * still refuses lands at the field it names. The browser's own checks are off (noValidate).
 */
export function PurgeForm(props: PurgeFormProps) {
  const form = usePurgeForm(props);
  return (
    <>
      <PurgeFormFields props={props} form={form} />
      {form.confirming ? (
        <ConfirmEverything
          needed={form.confirming}
          busy={form.busy}
          onConfirm={form.send}
          onCancel={() => form.setConfirming(null)}
        />
      ) : null}
    </>
  );
}

/** The confirmation of a match-everything purge: the shared warning, the xmlId typed, then it is sent. */
function ConfirmEverything({
  needed,
  busy,
  onConfirm,
  onCancel,
}: {
  needed: PurgeConfirmation;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === needed.typeToConfirm;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) onConfirm();
  };
  return (
    <form className="panel panel-danger" onSubmit={submit} aria-label={`Purge everything of ${needed.typeToConfirm}`}>
      <p>{needed.warning}</p>
      <Field label={needed.question}>
        <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" autoFocus />
      </Field>
      <div className="actions">
        <button type="submit" className="danger" disabled={!matches || busy}>
          {needed.confirmLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

type FormState = ReturnType<typeof usePurgeForm>;

/** The request's fields, checked as typed. */
function PurgeFormFields({ props, form }: { props: PurgeFormProps; form: FormState }) {
  const { services, lockDs = false, maxTtlHours = DEFAULT_MAX_TTL_HOURS } = props;
  const { dsId, values, checked, errorOf, set } = form;
  const ds = services.find((s) => String(s.id) === dsId);
  return (
    <form className="panel form-grid" onSubmit={form.submit} aria-label="Purge request" noValidate>
      <AlertList alerts={form.alerts} />
      {lockDs && ds ? null : (
        <Field label="Delivery service" error={errorOf('dsId')}>
          <select value={dsId} onChange={(e) => form.chooseDs(e.target.value)} aria-required>
            <option value="">Choose a delivery service…</option>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.xmlId} — {s.displayName}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field
        label="Regex"
        error={errorOf('regex')}
        hint={<RegexHint regex={values.regex} matchesEverything={!checked.regex && matchesEverything(values.regex)} />}
      >
        <input
          className="mono"
          value={values.regex}
          onChange={set('regex')}
          placeholder="/images/.*\.png"
          spellCheck={false}
          autoComplete="off"
          aria-required
        />
      </Field>
      <Field
        label="TTL (hours)"
        error={errorOf('ttl')}
        hint={`From 1 to ${maxTtlHours} hours (${maxTtlHours / 24} days) at most.`}
      >
        <input inputMode="numeric" value={values.ttl} onChange={set('ttl')} aria-required />
      </Field>
      <Field
        label="Start time (UTC)"
        error={errorOf('startTime')}
        hint="YYYY-MM-DD hh:mm:ss: now, or up to two days ahead."
        after={<NowButton set={set('startTime')} />}
      >
        <input className="mono" value={values.startTime} onChange={set('startTime')} aria-required />
      </Field>
      <div className="actions">
        <button type="submit" disabled={form.busy}>
          Submit purge
        </button>
        {FIELDS.some((f) => errorOf(f)) ? <span className="field-error">Fix the marked fields to submit.</span> : null}
      </div>
    </form>
  );
}

/** Sets the start time to the current time. */
function NowButton({ set }: { set: (e: { target: { value: string } }) => void }) {
  return (
    <button type="button" className="secondary" onClick={() => set({ target: { value: formatApiTime(Date.now()) } })}>
      Now
    </button>
  );
}
