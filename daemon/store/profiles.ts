import type { Db } from './sqlite/db.js';

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

/** Read access to profiles. */
export interface ProfileStore {
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

export function sqliteProfiles(db: Db): ProfileStore {
  // Profiles are few (tens), so one statement with optional parameters serves every filter combination.
  const list = db.prepare<{ id: number | null; name: string | null; cdn: number | null }, ProfileRow>(
    `${SELECT}
      WHERE (@id IS NULL OR p.id = @id) AND (@name IS NULL OR p.name = @name) AND (@cdn IS NULL OR p.cdn_id = @cdn)
      ORDER BY p.id`,
  );
  const get = db.prepare<[number], ProfileRow>(`${SELECT} WHERE p.id = ?`);
  return {
    async list(filters) {
      return list.all({ id: filters.id ?? null, name: filters.name ?? null, cdn: filters.cdnId ?? null }).map(toProfile);
    },
    async get(id) {
      const row = get.get(id);
      return row ? toProfile(row) : null;
    },
  };
}
