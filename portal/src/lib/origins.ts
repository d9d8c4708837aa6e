import type { Origin, OriginInput } from '../api/types';

/** The origin form as typed: every control's value is text. */
export interface OriginFormValues {
  name: string;
  fqdn: string;
  protocol: string;
  port: string;
  ipAddress: string;
  ip6Address: string;
  deliveryServiceId: string;
  tenantId: string;
  profileId: string;
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function formValuesOf(origin: Origin | null): OriginFormValues {
  return {
    name: text(origin?.name),
    fqdn: text(origin?.fqdn),
    protocol: origin?.protocol ?? 'http',
    port: text(origin?.port),
    ipAddress: text(origin?.ipAddress),
    ip6Address: text(origin?.ip6Address),
    deliveryServiceId: text(origin?.deliveryServiceId),
    tenantId: text(origin?.tenantId),
    profileId: text(origin?.profileId),
  };
}

/** A whole number typed as text; anything else goes to the API as typed so that the API names the problem. */
const numberOrText = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : value.trim());

/**
 * The body of POST/PUT origins: blank optional fields are left out (the API then applies its defaults, such as
 * the delivery service's tenant), and the cache group and coordinate of an edited origin, which the form does not
 * show, are kept.
 */
export function originInput(values: OriginFormValues, editing: Origin | null): OriginInput {
  const body: Record<string, unknown> = {
    name: values.name.trim(),
    fqdn: values.fqdn.trim(),
    protocol: values.protocol,
    deliveryServiceId: numberOrText(values.deliveryServiceId),
  };
  if (values.port.trim()) body.port = numberOrText(values.port);
  if (values.ipAddress.trim()) body.ipAddress = values.ipAddress.trim();
  if (values.ip6Address.trim()) body.ip6Address = values.ip6Address.trim();
  if (values.tenantId) body.tenantId = Number(values.tenantId);
  if (values.profileId) body.profileId = Number(values.profileId);
  if (editing?.cachegroupId != null) body.cachegroupId = editing.cachegroupId;
  if (editing?.coordinateId != null) body.coordinateId = editing.coordinateId;
  return body as unknown as OriginInput;
}
