// The lists the origin form picks its linked fields from. Cache groups and coordinates have no read endpoint
// here yet: they are the ones the visible origins use (each origin carries both name and id).
import type { Choice } from '../../components/Picker.js';
import type { Origin, Profile } from '../../types.js';
import type { OriginChoices } from './OriginForm.js';

/** The distinct (id, name) pairs of a linked field across origins, by name. */
function usedBy(origins: Origin[], id: 'cachegroupId' | 'coordinateId', name: 'cachegroup' | 'coordinate'): Choice[] {
  const seen = new Map<string, string>();
  for (const o of origins) {
    const value = o[id];
    if (value !== null && value !== undefined) seen.set(String(value), `${o[name] ?? value} (id ${value})`);
  }
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** The choices of the origin form from the origins, profiles and tenants the user can see. */
export function originChoices(
  origins: Origin[],
  profiles: Profile[],
  tenants: Array<{ id: number | string; name: string }>,
): OriginChoices {
  return {
    cachegroups: usedBy(origins, 'cachegroupId', 'cachegroup'),
    coordinates: usedBy(origins, 'coordinateId', 'coordinate'),
    profiles: profiles.map((p) => ({ value: String(p.id), label: `${p.name} (id ${p.id})` })),
    tenants: tenants.map((t) => ({ value: String(t.id), label: `${t.name} (id ${t.id})` })),
  };
}
