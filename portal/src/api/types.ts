// Records as the API sends them, with the seed's field names and JSON types (ids as digit strings where the seed
// says so). Only the fields the portal reads are listed.

export type AlertLevel = 'success' | 'info' | 'warning' | 'error';

export interface Alert {
  text: string;
  level: AlertLevel;
}

export interface CurrentUser {
  id: string;
  username: string;
  fullName: string | null;
  email: string | null;
  role: string;
  roleName: string;
  tenant: string | null;
  tenantId: number | null;
  newUser: boolean;
  localUser: boolean;
  company: string | null;
  phoneNumber: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  stateOrProvince: string | null;
  postalCode: string | null;
  country: string | null;
}

export interface User {
  id: string;
  username: string;
  fullName: string | null;
  email: string | null;
  role: string | null;
  rolename: string | null;
  tenant: string | null;
  tenantId: number | null;
  newUser: boolean;
  registrationSent: boolean | null;
  company: string | null;
  lastUpdated: string | null;
}

export interface Role {
  id: number;
  name: string;
  description: string | null;
  privLevel: number;
}

export interface Tenant {
  id: number;
  name: string;
  active: boolean;
  /** Absent for `root` (Traffic Ops omitted it). */
  parentName?: string | null;
}

export interface DeliveryService {
  id: number;
  xmlId: string;
  displayName: string;
  active: boolean;
  cdnName: string;
  type: string;
  tenant: string;
  tenantId: number;
  protocol: number | null;
  orgServerFqdn: string | null;
  exampleURLs: string[];
}

/** A purge job as the API answers it (user/current/jobs): the record the daemon and the CLI share. */
export type { JobRecord as Job } from '../../../shared/contract/jobs.js';

/** A server assigned to a delivery service (GET deliveryservices/:id/servers); every field may be missing. */
export interface DsServer {
  id?: number | string;
  hostName?: string | null;
  domainName?: string | null;
  cachegroup?: string | null;
  type?: string | null;
  status?: string | null;
  ipAddress?: string | null;
  ip6Address?: string | null;
  profile?: string | null;
  cdnName?: string | null;
}

export interface Origin {
  id: number;
  name: string;
  fqdn: string;
  protocol: 'http' | 'https';
  port: number | null;
  ipAddress: string | null;
  ip6Address: string | null;
  isPrimary: boolean;
  deliveryService: string | null;
  deliveryServiceId: number | null;
  tenant: string | null;
  tenantId: number | null;
  cachegroup: string | null;
  cachegroupId: number | null;
  coordinate: string | null;
  coordinateId: number | null;
  profile: string | null;
  profileId: number | null;
  lastUpdated: string | null;
}

/** What POST and PUT origins take. */
export interface OriginInput {
  name: string;
  fqdn: string;
  protocol: string;
  port?: number | null;
  ipAddress?: string | null;
  ip6Address?: string | null;
  deliveryServiceId: number;
  tenantId?: number | null;
  cachegroupId?: number | null;
  coordinateId?: number | null;
  profileId?: number | null;
}

export interface Profile {
  id: string;
  name: string;
  description: string | null;
  lastUpdated: string | null;
}

export interface Federation {
  id: number;
  cname: string;
  ttl: number;
  description: string | null;
  cdnName: string | null;
  deliveryServices: string[];
}

export interface FederationUser {
  id: number;
  username: string;
  fullName: string | null;
  email: string | null;
  company: string | null;
  role: string | null;
}

/** A change-log entry (GET logs). */
export interface LogEntry {
  id: number;
  lastUpdated: string;
  level: string;
  message: string;
  ticketNum: number | null;
  user: string;
}
