import { storeOf, type StoreOrDb } from '../../store/sqlite/store-of.js';
import { originUrl } from '../../format/deliveryservices.js';
import { formatTimestamp } from '../../../shared/time.js';
import { writeSettings } from './ds-fields.js';
import type { SnapshotDocument, SnapshotModel, UserDocument } from '../../store/snapshot-types.js';

/** Drops null values, so the file carries only what is set. */
function compact<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined)) as T;
}

function userDocument(u: SnapshotModel['users'][number]): UserDocument {
  const { password, newUser, ...fields } = u;
  return compact({
    ...fields,
    ...(newUser ? { newUser: true as const } : {}),
    ...(password && 'hash' in password ? { localPasswordHash: password.hash } : {}),
  }) as UserDocument;
}

/** Formats a snapshot model as the file format: the inverse of validation. */
export function snapshotDocument(model: SnapshotModel): SnapshotDocument {
  return {
    cdns: model.cdns,
    tenants: model.tenants,
    types: model.types,
    statuses: model.statuses.map((x) => compact(x)),
    divisions: model.divisions,
    regions: model.regions,
    physLocations: model.physLocations.map((x) => compact(x)),
    coordinates: model.coordinates,
    cachegroups: model.cachegroups.map((c) => compact(c)),
    asns: model.asns,
    profiles: model.profiles,
    users: model.users.map(userDocument),
    deliveryServices: model.deliveryServices.map((ds) =>
      compact({
        xmlId: ds.xmlId,
        cdnName: ds.cdnName,
        type: ds.type,
        tenant: ds.tenant,
        profileName: ds.profileName,
        ...writeSettings(ds.settings),
        orgServerFqdn: ds.orgServerFqdn ? originUrl(ds.orgServerFqdn) : null,
        users: ds.users,
      }),
    ),
    origins: model.origins.map((o) => compact({ ...o })),
    // No agents: no key at all (the files of before issue 28 export as they did).
    servers: model.servers.map(({ agents, ...sv }) => compact({ ...sv, ...(agents.length > 0 ? { agents } : {}) })),
    federations: model.federations.map((f) => compact({ ...f })),
    jobs: model.jobs.map((j) =>
      compact({
        id: j.id,
        deliveryService: j.deliveryService,
        username: j.username,
        assetUrl: j.assetUrl,
        ttl: j.ttl,
        startTime: formatTimestamp(j.startTime),
        enteredTime: j.enteredTime === null ? null : formatTimestamp(j.enteredTime),
        status: j.status,
      }),
    ),
  };
}

/**
 * Exports the database as a snapshot document in a fixed order (two exports of the same data are equal byte for
 * byte once serialized). Password hashes are included only with `withHashes`, as `localPasswordHash`.
 */
export async function exportSnapshot(
  target: StoreOrDb,
  options: { withHashes?: boolean } = {},
): Promise<SnapshotDocument> {
  return snapshotDocument(await storeOf(target).snapshot.read({ withHashes: options.withHashes ?? false }));
}

/** The document as file text: two-space JSON with a final newline. */
export const snapshotText = (doc: SnapshotDocument): string => `${JSON.stringify(doc, null, 2)}\n`;
