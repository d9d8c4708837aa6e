import { useState, type FormEvent } from 'react';
import { addSslKeys, generateSslKeys, type CertificateInfo } from '../api/keys';
import type { Alert } from '../api/types';
import { AlertList } from '../components/AlertList';
import { Field } from '../components/Field';
import { alertsOf } from '../lib/alerts';
import { CertificatesTable } from './KeysParts';

interface Props {
  xmlId: string;
  cdn: string;
  certificates: CertificateInfo[];
  onChanged: () => void;
}

const SUBJECT = [
  ['country', 'Country (two letters)'],
  ['state', 'State or province'],
  ['city', 'City'],
  ['organization', 'Organization'],
  ['businessUnit', 'Business unit'],
] as const;
type SubjectField = (typeof SUBJECT)[number][0];

type Send = (action: () => Promise<{ alerts: Alert[]; response: string }>, clear: () => void) => Promise<void>;

/** One write at a time: its alerts (and the version written) shown, the page's data reloaded after. */
function useSend(version: number, onChanged: () => void) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [busy, setBusy] = useState(false);
  const send: Send = async (action, clear) => {
    setBusy(true);
    try {
      const result = await action();
      setAlerts([...result.alerts, { level: 'success', text: `${result.response} (version ${version})` }]);
      clear();
      onChanged();
    } catch (error) {
      setAlerts(alertsOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { alerts, busy, send };
}

/** TLS certificates: the stored ones described, a self-signed generate, and an add whose key is cleared once sent. */
export function TlsKeysPanel({ xmlId, cdn, certificates, onChanged }: Props) {
  const [hostname, setHostname] = useState(certificates[0]?.hostname ?? '');
  const version = (certificates[0]?.version ?? 0) + 1;
  const { alerts, busy, send } = useSend(version, onChanged);
  const target = { key: xmlId, cdn, hostname, version };
  return (
    <div className="panel" aria-label="TLS certificates">
      <h2>TLS certificates</h2>
      <AlertList alerts={alerts} />
      <CertificatesTable certificates={certificates} />
      <Field label="Host name" hint="What the certificate serves, e.g. *.ds1.cdn1.example.com">
        <input value={hostname} onChange={(e) => setHostname(e.target.value)} />
      </Field>
      <GenerateForm target={target} busy={busy} send={send} />
      <AddForm target={target} busy={busy} send={send} />
    </div>
  );
}

interface FormProps {
  target: { key: string; cdn: string; hostname: string; version: number };
  busy: boolean;
  send: Send;
}

function GenerateForm({ target, busy, send }: FormProps) {
  const [subject, setSubject] = useState<Record<SubjectField, string>>({
    country: '',
    state: '',
    city: '',
    organization: '',
    businessUnit: '',
  });
  const generate = (event: FormEvent) => {
    event.preventDefault();
    void send(
      () => generateSslKeys({ ...target, ...subject }),
      () => undefined,
    );
  };
  return (
    <form className="form-grid" aria-label="Generate a self-signed certificate" onSubmit={generate}>
      <h3>Generate a key, a request and a self-signed certificate</h3>
      {SUBJECT.map(([field, label]) => (
        <Field key={field} label={label}>
          <input value={subject[field]} onChange={(e) => setSubject({ ...subject, [field]: e.target.value })} />
        </Field>
      ))}
      <button
        type="submit"
        disabled={busy || target.hostname === '' || SUBJECT.some(([f]) => subject[f].trim() === '')}
      >
        Generate (version {target.version})
      </button>
    </form>
  );
}

function AddForm({ target, busy, send }: FormProps) {
  const [pem, setPem] = useState({ crt: '', key: '', csr: '' });
  const add = (event: FormEvent) => {
    event.preventDefault();
    void send(
      () => addSslKeys({ ...target, certificate: pem }),
      () => setPem({ crt: '', key: '', csr: '' }),
    );
  };
  return (
    <form className="form-grid" aria-label="Add a certificate" onSubmit={add}>
      <h3>Add a certificate and its key</h3>
      <Field label="Certificate chain (PEM, leaf first)">
        <textarea
          className="key-secret-input"
          value={pem.crt}
          onChange={(e) => setPem({ ...pem, crt: e.target.value })}
          spellCheck={false}
        />
      </Field>
      <Field label="Private key (PEM)" hint="Sent once and cleared from this page; it is never shown again.">
        <textarea
          className="key-secret-input"
          value={pem.key}
          onChange={(e) => setPem({ ...pem, key: e.target.value })}
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
      <Field label="Certificate request (PEM)">
        <textarea
          className="key-secret-input"
          value={pem.csr}
          onChange={(e) => setPem({ ...pem, csr: e.target.value })}
          spellCheck={false}
        />
      </Field>
      <button
        type="submit"
        disabled={busy || target.hostname === '' || pem.crt === '' || pem.key === '' || pem.csr === ''}
      >
        Add (version {target.version})
      </button>
    </form>
  );
}
