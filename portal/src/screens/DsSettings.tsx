import type { DeliveryService } from '../api/types';
import { Breakable } from '../components/Breakable';
import { protocolName } from '../../../shared/rules/ds-protocol.js';

const MAIN: ReadonlyArray<[keyof DeliveryService, string]> = [
  ['displayName', 'Name'],
  ['cdnName', 'CDN'],
  ['type', 'Type'],
  ['tenant', 'Tenant'],
  ['orgServerFqdn', 'Origin'],
  ['protocol', 'Protocol'],
];

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(show).join(', ') || '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** The delivery service's main settings, and every field the API sent under "All settings". */
export function DsSettings({ ds }: { ds: DeliveryService }) {
  const all = Object.entries(ds as unknown as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
  return (
    <section aria-label="Settings">
      <h2>Settings</h2>
      <dl className="details">
        {MAIN.map(([key, label]) => (
          <div key={key} className="details-row">
            <dt>{label}</dt>
            <dd className={key === 'orgServerFqdn' ? 'mono' : undefined}>
              <Breakable text={key === 'protocol' ? protocolName(ds.protocol) || '—' : show(ds[key])} />
            </dd>
          </div>
        ))}
      </dl>
      <details className="all-settings">
        <summary>All settings ({all.length})</summary>
        <dl className="details">
          {all.map(([key, value]) => (
            <div key={key} className="details-row">
              <dt className="mono">{key}</dt>
              <dd>
                <Breakable text={show(value)} />
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
