import type { TenancyEntry } from './tenancy-cases.js';

/** Tenancy cases of profiles, parameters and their links (issue 31). */
export const PROFILES_TENANCY: Record<string, TenancyEntry> = {};
