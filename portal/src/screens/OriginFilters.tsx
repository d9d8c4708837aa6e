import type { DeliveryService, Tenant } from '../api/types';
import { Field } from '../components/Field';

export interface OriginFilterValues {
  deliveryservice: string;
  tenant: string;
  primary: '' | 'true' | 'false';
}

/** The API's own origin filters (by delivery service id, tenant id, primary); the API does the filtering. */
export function OriginFilters({ values, services, tenants, onChange }: {
  values: OriginFilterValues;
  services: DeliveryService[];
  tenants: Tenant[];
  onChange: (values: OriginFilterValues) => void;
}) {
  return (
    <div className="filters" role="group" aria-label="Filters">
      <Field label="Filter by delivery service">
        <select value={values.deliveryservice} onChange={(e) => onChange({ ...values, deliveryservice: e.target.value })}>
          <option value="">All delivery services</option>
          {services.map((ds) => (
            <option key={ds.id} value={ds.id}>
              {ds.xmlId}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Filter by tenant">
        <select value={values.tenant} onChange={(e) => onChange({ ...values, tenant: e.target.value })}>
          <option value="">All tenants</option>
          {tenants.map((t) => (
            <option key={t.id} value={String(t.id)}>
              {t.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Primary">
        <select value={values.primary} onChange={(e) => onChange({ ...values, primary: e.target.value as OriginFilterValues['primary'] })}>
          <option value="">Primary and secondary</option>
          <option value="true">Primary only</option>
          <option value="false">Secondary only</option>
        </select>
      </Field>
    </div>
  );
}
