import type { TenantRecord } from '../contract/catalog.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** A tenant; `parentId`/`parentName` are null for `root`. */
export type Tenant = TenantRecord;

/** GET tenants (the caller's tenant and its descendants), optionally `?name=`. */
export function listTenants(http: HttpClient, query: { name?: string } = {}): Promise<ApiResult<Tenant[]>> {
  return http.get('/tenants', query);
}
