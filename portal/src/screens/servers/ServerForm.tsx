import type { ReactNode } from 'react';
import type { ProfileRecord } from '../../../../shared/contract/profiles.js';
import {
  SERVER_FORM_FIELDS,
  SERVER_FORM_STATUSES,
  emptyServerForm,
  serverToForm,
  toServerBody,
  validateServerForm,
  type ServerFormKey,
  type ServerFormValues,
} from '../../../../shared/rules/forms/server.js';
import type { CachegroupRecord, CdnRecord, PhysLocationRecord, ServerRecord, TypeRecord } from '../../api/topology';
import { Field } from '../../components/Field';
import { useFieldForm, type FieldForm } from '../../hooks/useFieldForm';
import { FormActions } from '../topology/CdnSection';

type Form = FieldForm<ServerFormValues>;

export interface ServerLookups {
  cdns: CdnRecord[];
  cachegroups: CachegroupRecord[];
  types: TypeRecord[];
  profiles: ProfileRecord[];
  physLocations: PhysLocationRecord[];
}

interface Props {
  server: ServerRecord | null;
  lookups: ServerLookups;
  busy: boolean;
  serverErrors: Partial<Record<string, string>>;
  onSave: (body: Record<string, unknown>) => void;
  onCancel: () => void;
}

/** The API's keys that name a server form field by another name. */
export const SERVER_ALIASES: Partial<Record<string, ServerFormKey>> = {
  cachegroup: 'cachegroupId',
  cdnName: 'cdnId',
  profile: 'profileId',
  type: 'typeId',
  physLocation: 'physLocationId',
  statusId: 'status',
};
export { SERVER_FORM_FIELDS };

const LABELS: Record<ServerFormKey, string> = {
  hostName: 'Host name',
  domainName: 'Domain name',
  cdnId: 'CDN',
  cachegroupId: 'Cache group',
  typeId: 'Server type',
  profileId: 'Profile',
  status: 'Status',
  offlineReason: 'Offline reason',
  physLocationId: 'Physical location',
  interfaceName: 'Interface name',
  interfaceMtu: 'Interface MTU',
  ipAddress: 'IPv4 address',
  ipNetmask: 'IPv4 netmask',
  ipGateway: 'IPv4 gateway',
  ip6Address: 'IPv6 address',
  ip6Gateway: 'IPv6 gateway',
  tcpPort: 'TCP port',
  httpsPort: 'HTTPS port',
  rack: 'Rack',
  iloIpAddress: 'iLO IP address',
  iloIpNetmask: 'iLO netmask',
  iloIpGateway: 'iLO gateway',
  iloUsername: 'iLO username',
  iloPassword: 'iLO password',
  mgmtIpAddress: 'Management IP address',
  mgmtIpNetmask: 'Management netmask',
  mgmtIpGateway: 'Management gateway',
  xmppId: 'XMPP id',
  xmppPasswd: 'XMPP password',
  routerHostName: 'Router host name',
  routerPortName: 'Router port name',
};

const MONO = new Set<ServerFormKey>(['hostName', 'domainName', 'ipAddress', 'ipNetmask', 'ipGateway', 'ip6Address']);

function TextField({ form, k }: { form: Form; k: ServerFormKey }) {
  const secret = k === 'iloPassword' || k === 'xmppPasswd';
  return (
    <Field label={LABELS[k]} error={form.errorOf(k)}>
      <input
        className={MONO.has(k) || k.includes('Ip') || k.includes('ip6') ? 'mono' : undefined}
        type={secret ? 'password' : 'text'}
        value={form.values[k]}
        onChange={form.set(k)}
        autoComplete={secret ? 'new-password' : 'off'}
      />
    </Field>
  );
}

function SelectField({
  form,
  k,
  choices,
  none,
}: {
  form: Form;
  k: ServerFormKey;
  choices: Array<{ value: string; label: string }>;
  none: string;
}) {
  return (
    <Field label={LABELS[k]} error={form.errorOf(k)}>
      <select value={form.values[k]} onChange={form.set(k)}>
        {none ? <option value="">{none}</option> : null}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

const idChoices = (rows: Array<{ id: number | string; name: string }>) =>
  rows.map((r) => ({ value: String(r.id), label: r.name }));

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="form-group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** Where the server belongs: its names, CDN, cache group, type, profile (of the chosen CDN) and location. */
function PlacementFields({ form, lookups }: { form: Form; lookups: ServerLookups }) {
  const cdnId = form.values.cdnId;
  const profiles = lookups.profiles.filter((p) => cdnId === '' || String(p.cdn) === cdnId);
  return (
    <Group legend="Identity and placement">
      <TextField form={form} k="hostName" />
      <TextField form={form} k="domainName" />
      <SelectField form={form} k="cdnId" choices={idChoices(lookups.cdns)} none="Choose a CDN…" />
      <SelectField form={form} k="cachegroupId" choices={idChoices(lookups.cachegroups)} none="Choose a cache group…" />
      <SelectField form={form} k="typeId" choices={idChoices(lookups.types)} none="Choose a type…" />
      <SelectField form={form} k="profileId" choices={idChoices(profiles)} none="Choose a profile…" />
      <SelectField form={form} k="physLocationId" choices={idChoices(lookups.physLocations)} none="None" />
      <TextField form={form} k="rack" />
    </Group>
  );
}

function StatusFields({ form }: { form: Form }) {
  const statuses = SERVER_FORM_STATUSES.map((s) => ({ value: s, label: s }));
  return (
    <Group legend="Status">
      <SelectField form={form} k="status" choices={statuses} none="" />
      <TextField form={form} k="offlineReason" />
    </Group>
  );
}

function NetworkFields({ form }: { form: Form }) {
  const keys: ServerFormKey[] = ['interfaceName', 'interfaceMtu', 'ipAddress', 'ipNetmask', 'ipGateway'];
  const more: ServerFormKey[] = ['ip6Address', 'ip6Gateway', 'tcpPort', 'httpsPort'];
  return (
    <Group legend="Network">
      {[...keys, ...more].map((k) => (
        <TextField key={k} form={form} k={k} />
      ))}
    </Group>
  );
}

function ManagementFields({ form }: { form: Form }) {
  const groups: Array<[string, ServerFormKey[]]> = [
    ['iLO', ['iloIpAddress', 'iloIpNetmask', 'iloIpGateway', 'iloUsername', 'iloPassword']],
    ['Management network', ['mgmtIpAddress', 'mgmtIpNetmask', 'mgmtIpGateway']],
    ['XMPP and router', ['xmppId', 'xmppPasswd', 'routerHostName', 'routerPortName']],
  ];
  return (
    <>
      {groups.map(([legend, keys]) => (
        <Group key={legend} legend={legend}>
          {keys.map((k) => (
            <TextField key={k} form={form} k={k} />
          ))}
        </Group>
      ))}
    </>
  );
}

/**
 * Create or edit a server with every Traffic Ops 1.x field, grouped: placement, status, network, iLO,
 * management, XMPP and router. Each field is checked with the API's rules as typed; the API's refusals (a host
 * name taken, a profile of another CDN) are shown under the field they concern.
 */
export function ServerForm({ server, lookups, busy, serverErrors, onSave, onCancel }: Props) {
  const form = useFieldForm<ServerFormValues>(
    () => (server ? serverToForm(server) : emptyServerForm()),
    validateServerForm,
    serverErrors,
    (values) => onSave(toServerBody(values)),
  );
  const title = server ? `Edit server ${server.hostName}` : 'New server';
  return (
    <form className="panel form-grid" onSubmit={form.submit} aria-label={title} noValidate>
      <h2 className="form-title">{title}</h2>
      <PlacementFields form={form} lookups={lookups} />
      <StatusFields form={form} />
      <NetworkFields form={form} />
      <ManagementFields form={form} />
      <FormActions busy={busy} saveLabel={server ? 'Save server' : 'Create server'} onCancel={onCancel} />
    </form>
  );
}
