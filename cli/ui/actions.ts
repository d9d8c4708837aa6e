import type { TopologyActions } from './topology-actions.js';
import type { KeySummary } from '../../shared/client/keys.js';
import type { CacheActions } from './cache-actions.js';
import type {
  CurrentUser,
  DeliveryService,
  Federation,
  FederationUser,
  Job,
  JobRequest,
  JobResult,
  Origin,
  OriginBody,
  OriginFilters,
  Profile,
  User,
  WriteResult,
} from './types.js';
import type { Permissions } from './permissions.js';
import type { TenantItem, TenantWrite } from './screens/tenants/tenant-form.js';
import type { DsWriteActions } from './screens/deliveryservices/DeliveryServicesScreen.js';

/**
 * Everything the screens can ask of the server. The screens receive these as props; only src/ui/wire.tsx builds
 * them from the real client, and the tests pass `vi.fn()`s.
 */
export interface UiActions {
  currentUser(): Promise<CurrentUser>;
  listDeliveryServices(): Promise<DeliveryService[]>;
  listJobs(): Promise<Job[]>;
  /** DELETE jobs?id=N (API 1.4): cancel a purge job; its rule then leaves the caches (issue 33). */
  cancelJob?(jobId: number): Promise<unknown>;
  createJob(body: JobRequest): Promise<JobResult>;
  /** The largest ttl in hours the server accepts (maxRevalDurationDays × 24). */
  maxTtlHours(): Promise<number>;
  listOrigins(filters: OriginFilters): Promise<Origin[]>;
  createOrigin(body: OriginBody): Promise<Origin>;
  updateOrigin(id: number, body: OriginBody): Promise<Origin>;
  deleteOrigin(id: number): Promise<WriteResult>;
  listUsers(): Promise<User[]>;
  listFederations(): Promise<Federation[]>;
  listFederationUsers(federationId: number): Promise<FederationUser[]>;
  assignFederationUsers(federationId: number, userIds: number[], replace: boolean): Promise<WriteResult>;
  removeFederationUser(federationId: number, userId: number): Promise<WriteResult>;
  listProfiles(): Promise<Profile[]>;
  /** GET keys/summary (admin): what the key store holds, without secrets. */
  listKeySummaries?(): Promise<KeySummary[]>;
  /** The tenants the user can see (the origin form's tenant picker). */
  listTenants?(): Promise<Array<{ id: number | string; name: string }>>;
  /** What the user's role allows, so screens offer only that; without it every action is offered. */
  permissions?(): Promise<Permissions>;
  /** Caches (issue 15): the Servers screen and a purge's propagation; absent, those screens say so. */
  caches?: CacheActions;
  /** CDNs and cache groups (issue 30); absent, those screens say so. */
  topology?: TopologyActions;
  /** Tenants (issue 31): the tenant tree, and its writes; absent, the Tenants screen says so. */
  tenants?: TenantActions;
  /** Delivery-service create and edit (issue 31); absent, the list is read-only. */
  deliveryServiceWrites?: DsWriteActions;
}

/** The Tenants screen's actions. */
export interface TenantActions {
  list(): Promise<TenantItem[]>;
  create(body: TenantWrite): Promise<unknown>;
  update(id: number, body: TenantWrite): Promise<unknown>;
}

/** Where the screens are connected to: shown on the home screen. */
export interface SessionInfo {
  server: string;
  apiVersion: string;
}

/** Logs in; rejects with an Error whose message is the API's alert text when the server refuses. */
export type LoginAction = (username: string, password: string) => Promise<void>;
