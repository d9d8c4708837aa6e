import type { GoTenantRecord } from '../contract/catalog.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** A tenant as Traffic Ops sent it at every 1.x version: `parentId` null and `parentName` absent for `root`. */
export type Tenant = GoTenantRecord;

/** GET tenants (the caller's tenant and its descendants), optionally `?name=`. */
export function listTenants(http: HttpClient, query: { name?: string } = {}): Promise<ApiResult<Tenant[]>> {
  return http.get('/tenants', query);
}

/** The body of POST tenants and PUT tenants/:id. */
export interface TenantBody {
  name: string;
  active: boolean;
  parentId: number;
}

/** POST tenants (1.1+, operations). */
export function createTenant(http: HttpClient, body: TenantBody): Promise<ApiResult<Tenant>> {
  return http.post('/tenants', body);
}

/** PUT tenants/:id (1.1+, operations). */
export function updateTenant(http: HttpClient, id: number, body: TenantBody): Promise<ApiResult<Tenant>> {
  return http.put(`/tenants/${id}`, body);
}

/** DELETE tenants/:id (1.1+, operations): refused while it owns users, delivery services, origins or children. */
export function deleteTenant(http: HttpClient, id: number): Promise<ApiResult<undefined>> {
  return http.delete(`/tenants/${id}`);
}
