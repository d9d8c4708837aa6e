/** A profile with its CDN's name joined in. */
export interface Profile {
  id: number;
  name: string;
  description: string;
  type: string;
  cdnId: number;
  cdnName: string;
  routingDisabled: boolean;
  lastUpdated: number;
}

/** The filters of GET profiles; an absent key does not filter. */
export interface ProfileFilters {
  id?: number;
  name?: string;
  cdnId?: number;
}

import type { ProfileWriteStore } from './profile-admin.js';

/** Profiles: reads, and the writes of issue 31. */
export interface ProfileStore extends ProfileWriteStore {
  /** Profiles matching every given filter, ordered by id. */
  list(filters: ProfileFilters): Promise<Profile[]>;
  get(id: number): Promise<Profile | null>;
}

export interface ProfileRow {
  id: number;
  name: string;
  description: string;
  type: string;
  cdn_id: number;
  cdn_name: string;
  routing_disabled: number;
  last_updated: number;
}

export const toProfile = (r: ProfileRow): Profile => ({
  id: r.id,
  name: r.name,
  description: r.description,
  type: r.type,
  cdnId: r.cdn_id,
  cdnName: r.cdn_name,
  routingDisabled: r.routing_disabled === 1,
  lastUpdated: r.last_updated,
});

export const SELECT = `SELECT p.id, p.name, p.description, p.type, p.cdn_id, c.name AS cdn_name, p.routing_disabled,
    p.last_updated
  FROM profiles p JOIN cdns c ON c.id = p.cdn_id`;
