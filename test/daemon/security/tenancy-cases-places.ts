import type { TenancyEntry } from './tenancy-cases.js';

/** Tenancy cases of divisions, regions, physical locations, coordinates, types, statuses, ASNs, api_capabilities (issue 30). */
export const PLACES_TENANCY: Record<string, TenancyEntry> = {};
