import { useState, type FormEvent } from 'react';
import { createResolver } from '../api/manage';
import { listTypes } from '../api/topology';
import type { Alert } from '../api/types';
import { Field } from '../components/Field';
import { useResource } from '../hooks/useResource';

/**
 * A new resolver (address or CIDR network and its RESOLVE4/RESOLVE6 type), created and then handed to `onCreated`
 * so the federation links it. The API checks the address against the type; its alert shows in the section.
 */
export function NewResolverForm({
  busy,
  write,
  link,
}: {
  busy: boolean;
  write: (action: () => Promise<{ alerts: Alert[] }>) => Promise<void>;
  link: (resolverId: number) => Promise<{ alerts: Alert[] }>;
}) {
  const types = useResource(() => listTypes('federation'));
  const [ipAddress, setIpAddress] = useState('');
  const [typeId, setTypeId] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void write(async () => {
      const created = await createResolver(ipAddress.trim(), Number(typeId));
      const linked = await link(created.response.id);
      setIpAddress('');
      return { alerts: [...created.alerts, ...linked.alerts] };
    });
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="New resolver">
      <Field label="Resolver address">
        <input value={ipAddress} onChange={(e) => setIpAddress(e.target.value)} placeholder="192.0.2.0/24" />
      </Field>
      <Field label="Resolver type">
        <select value={typeId} onChange={(e) => setTypeId(e.target.value)}>
          <option value="">Choose…</option>
          {(types.data ?? []).map((t) => (
            <option key={t.id} value={String(t.id)}>
              {t.name}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" disabled={busy || ipAddress.trim() === '' || typeId === ''}>
        Create resolver
      </button>
    </form>
  );
}
