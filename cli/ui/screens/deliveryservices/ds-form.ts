import {
  ORG_SERVER_FQDN_TEXT,
  displayNameProblems,
  parseOrgServerFqdn,
  xmlIdProblems,
} from '../../../../shared/rules/deliveryservices/validate.js';

/** A record a field is chosen from (a type, CDN or tenant). */
export interface Named {
  id: number | string;
  name: string;
}

/** What the delivery-service form picks from. */
export interface DsChoices {
  types: Named[];
  cdns: Named[];
  tenants: Named[];
}

/** A delivery service's body, as the API takes it (POST and PUT deliveryservices). */
export type DsBody = Record<string, unknown>;

/** The form's values, as typed or chosen (ids as text, `active` as yes/no). */
export interface DsFormValues {
  xmlId: string;
  displayName: string;
  typeId: string;
  cdnId: string;
  tenantId: string;
  orgServerFqdn: string;
  protocol: string;
  active: string;
}

/** What a new delivery service gets besides the form's fields (as `cdnctl ds create` does). */
const CREATE_DEFAULTS: DsBody = {
  dscp: 0,
  geoLimit: 0,
  geoProvider: 0,
  logsEnabled: false,
  regionalGeoBlocking: false,
  initialDispersion: 1,
  ipv6RoutingEnabled: false,
  missLat: 0,
  missLong: 0,
  multiSiteOrigin: false,
  qstringIgnore: 0,
  rangeRequestHandling: 0,
  routingName: 'cdn',
};

export const PROTOCOL_CHOICES = [
  { value: '0', label: 'http' },
  { value: '1', label: 'https' },
  { value: '2', label: 'http and https' },
  { value: '3', label: 'redirect http to https' },
];

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export const emptyDsForm = (): DsFormValues => ({
  xmlId: '',
  displayName: '',
  typeId: '',
  cdnId: '',
  tenantId: '',
  orgServerFqdn: '',
  protocol: '0',
  active: 'yes',
});

/** A stored delivery service's values. */
export const dsToForm = (ds: DsBody): DsFormValues => ({
  xmlId: text(ds.xmlId),
  displayName: text(ds.displayName),
  typeId: text(ds.typeId),
  cdnId: text(ds.cdnId),
  tenantId: text(ds.tenantId),
  orgServerFqdn: text(ds.orgServerFqdn),
  protocol: text(ds.protocol) || '0',
  active: ds.active === false ? 'no' : 'yes',
});

/** The body sent: the stored record (or the defaults) with the form's fields over it. */
export function toDsBody(v: DsFormValues, stored?: DsBody): DsBody {
  return {
    ...(stored ?? CREATE_DEFAULTS),
    xmlId: v.xmlId.trim(),
    displayName: v.displayName,
    typeId: Number(v.typeId),
    cdnId: Number(v.cdnId),
    tenantId: Number(v.tenantId),
    orgServerFqdn: v.orgServerFqdn.trim() === '' ? null : v.orgServerFqdn.trim(),
    protocol: Number(v.protocol),
    active: v.active !== 'no',
  };
}

const BLANK = 'cannot be blank';

/** The form's messages, by field, with the API's rules and texts (shared/rules/deliveryservices). */
export function dsFormErrors(v: DsFormValues, choices: DsChoices): Partial<Record<keyof DsFormValues, string>> {
  const errors: Partial<Record<keyof DsFormValues, string>> = {};
  const xml = xmlIdProblems(v.xmlId.trim());
  if (xml.length > 0) errors.xmlId = xml.join(', ');
  const display = displayNameProblems(v.displayName);
  if (display.length > 0) errors.displayName = display.join(', ');
  for (const key of ['typeId', 'cdnId', 'tenantId'] as const) if (v[key] === '') errors[key] = BLANK;
  const typeName = choices.types.find((t) => String(t.id) === v.typeId)?.name ?? '';
  const origin = v.orgServerFqdn.trim();
  if (origin === '' && /^(DNS|HTTP)/.test(typeName)) errors.orgServerFqdn = `is required if type is '${typeName}'`;
  else if (origin !== '' && !parseOrgServerFqdn(origin)) errors.orgServerFqdn = ORG_SERVER_FQDN_TEXT;
  return errors;
}
