// The records the screens show, with the API's field names. Only the fields a screen reads are listed, so the
// client's fuller records can be passed in as they are.

export interface Alert {
  level: 'success' | 'info' | 'warning' | 'error' | string;
  text: string;
}

export interface CurrentUser {
  id: string | number;
  username: string;
  fullName?: string | null;
  tenant?: string | null;
  role?: string | number | null;
  roleName?: string | null;
}

export interface DeliveryService {
  id: string | number;
  xmlId: string;
  displayName?: string | null;
  active?: boolean | null;
  cdnName?: string | null;
  tenant?: string | null;
  type?: string | null;
  orgServerFqdn?: string | null;
  /** Traffic Ops' number: 0 HTTP, 1 HTTPS, 2 both, 3 HTTP redirected to HTTPS. */
  protocol?: number | string | null;
}

export interface Job {
  id: string | number;
  assetUrl: string;
  dsId?: string | number | null;
  dsXmlId?: string | null;
  keyword?: string | null;
  parameters: string;
  startTime: string;
  enteredTime?: string | null;
  status?: string | null;
  username?: string | null;
}

export interface JobRequest {
  dsId: number;
  regex: string;
  ttl: number;
  startTime: string;
}

export interface Origin {
  id: number;
  name: string;
  fqdn: string;
  protocol: string;
  isPrimary: boolean;
  port?: number | null;
  ipAddress?: string | null;
  ip6Address?: string | null;
  cachegroup?: string | null;
  cachegroupId?: number | null;
  coordinate?: string | null;
  coordinateId?: number | null;
  deliveryService?: string | null;
  deliveryServiceId?: number | null;
  profile?: string | null;
  profileId?: number | null;
  tenant?: string | null;
  tenantId?: number | null;
  lastUpdated?: string | null;
}

/** The body of POST /origins and PUT /origins?id= (without the id): the origin form builds it. */
export type { OriginBody } from '../../shared/rules/forms/origin.js';

/** The filters of GET /origins the Origins screen offers. */
export interface OriginFilters {
  deliveryservice?: number;
  primary?: boolean;
  name?: string;
}

export interface User {
  id: string | number;
  username: string;
  fullName?: string | null;
  email?: string | null;
  company?: string | null;
  roleName?: string | null;
  rolename?: string | null;
  tenant?: string | null;
  newUser?: boolean | null;
}

export interface Federation {
  id: string | number;
  cname: string;
  ttl?: number | string | null;
  description?: string | null;
  deliveryServices?: unknown;
}

export interface FederationUser {
  id: number | string;
  username: string;
  fullName?: string | null;
  email?: string | null;
  company?: string | null;
  role?: string | null;
}

export interface Profile {
  id: string | number;
  name: string;
  description?: string | null;
  lastUpdated?: string | null;
  cdnName?: string | null;
  type?: string | null;
}

/** What an action that writes answers: the alerts of the API (success and warnings). */
export interface WriteResult {
  alerts: Alert[];
}

/** What creating a purge job answers: the alerts, and the created job when it could be found. */
export interface JobResult extends WriteResult {
  job: Job | null;
}
