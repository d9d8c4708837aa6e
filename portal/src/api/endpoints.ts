import { api } from './api';
import type { Query } from './client';
import { fetchJobs } from './jobs';
import type {
  CurrentUser,
  DeliveryService,
  DsServer,
  Federation,
  FederationUser,
  Job,
  LogEntry,
  Origin,
  OriginInput,
  Profile,
  Role,
  Tenant,
  User,
} from './types';

// One function per API operation the portal uses; each answers { response, alerts }.

export const logIn = (u: string, p: string) => api.post<null>('/user/login', { u, p });
export const logInWithToken = (t: string) => api.post<null>('/user/login/token', { t });
export const logOut = () => api.post<null>('/user/logout');
export const currentUser = () => api.get<CurrentUser>('/user/current');
export const updateCurrentUser = (user: Record<string, unknown>) => api.put<CurrentUser>('/user/current', { user });

export const listUsers = () => api.get<User[]>('/users');
export const createUser = (user: Record<string, unknown>) => api.post<User>('/users', user);
export const registerUser = (email: string, role: number, tenantId: number) =>
  api.post<null>('/users/register', { email, role, tenantId });
export const listRoles = () => api.get<Role[]>('/roles');
export const listTenants = () => api.get<Tenant[]>('/tenants');

export const listDeliveryServices = () => api.get<DeliveryService[]>('/deliveryservices');
/** The servers assigned to a delivery service; a daemon without the route answers 404 and the page leaves it out. */
export const listDeliveryServiceServers = (dsId: string | number) =>
  api.get<DsServer[]>(`/deliveryservices/${dsId}/servers`);

/** Everyone's visible jobs (GET jobs), or the caller's own where the daemon has no GET jobs yet. */
export const listJobs = () => fetchJobs(api);
/** DELETE jobs?id= (1.4+): cancels a purge job; the caches drop its rule on their next revalidation pass. */
export const cancelJob = (id: number | string) => api.delAt<null>('1.4', '/jobs', { id });
export const createPurge = (job: { dsId: number; regex: string; ttl: number; startTime: string }) =>
  api.post<Job>('/user/current/jobs', job);

export const listOrigins = (filters: Query = {}) => api.get<Origin[]>('/origins', filters);
export const createOrigin = (origin: OriginInput) => api.post<Origin>('/origins', origin);
export const updateOrigin = (id: number, origin: OriginInput) => api.put<Origin>('/origins', { ...origin, id }, { id });
export const deleteOrigin = (id: number) => api.del<null>('/origin', { id });

export const listFederations = () => api.get<Federation[]>('/federations/catalog');
export const listFederationUsers = (federationId: number) =>
  api.get<FederationUser[]>(`/federations/${federationId}/users`);
export const assignFederationUsers = (federationId: number, userIds: number[]) =>
  api.post<{ userIds: number[]; replace: boolean }>(`/federations/${federationId}/users`, { userIds, replace: false });
export const removeFederationUser = (federationId: number, userId: number) =>
  api.del<null>(`/federations/${federationId}/users/${userId}`);

export const listProfiles = () => api.get<Profile[]>('/profiles');
export const getProfile = (id: number) => api.get<Profile[]>(`/profiles/${id}`);
export const listProfileParameters = (name: string) =>
  api.get<Array<{ name: string; configFile: string; value: string }>>(
    `/profiles/name/${encodeURIComponent(name)}/parameters`,
  );

export const listChangeLog = (days: number) => api.get<LogEntry[]>('/logs', { days: String(days) });
