import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** A tenant; `parentId`/`parentName` are null for `root`. */
export interface Tenant {
  id: number;
  name: string;
  active: boolean;
  parentId: number | null;
  parentName: string | null;
  lastUpdated: string;
}

/** GET tenants (the caller's tenant and its descendants), optionally `?name=`. */
export function listTenants(http: HttpClient, query: { name?: string } = {}): Promise<ApiResult<Tenant[]>> {
  return http.get('/tenants', query);
}
