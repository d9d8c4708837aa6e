// What `cdnctl ds get` shows below a delivery service's settings. Each section is fetched on its own and shown in
// order; a feature that belongs on that page adds its section with addDsSection.
import { versionAtLeast } from '../../../shared/client/types.js';
import { ApiError } from '../../../shared/client/errors.js';
import type { DeliveryService } from '../../../shared/client/deliveryservices.js';
import type { HttpClient } from '../../../shared/client/http.js';
import { listAllJobs, listJobs } from '../../../shared/client/jobs.js';
import { listOrigins, type Origin } from '../../../shared/client/origins.js';
import { listDeliveryServiceServers, type Server } from '../../../shared/client/servers.js';
import type { Column } from '../../output/format.js';

/** One section of `ds get`: a titled table, and the key its rows have under `-o json`. */
export interface DsSection {
  /** The JSON key and, upper-cased, the title: `origins`. */
  key: string;
  /** The rows, or a sentence saying why there are none to show (e.g. the API version is too old). */
  fetch(
    http: HttpClient,
    ds: DeliveryService,
  ): Promise<{ rows: object[]; columns: Column<object>[] } | { unavailable: string }>;
}

const RECENT_JOBS = 10;

const originsSection: DsSection = {
  key: 'origins',
  fetch: async (http, ds) => {
    if (!versionAtLeast(http.version, '1.3'))
      return { unavailable: `origins need API 1.3 (this command speaks ${http.version})` };
    const { response } = await listOrigins(http, { deliveryservice: Number(ds.id) });
    const columns: Column<Origin>[] = [
      { header: 'ID', value: (o) => o.id },
      { header: 'NAME', value: (o) => o.name },
      { header: 'PROTOCOL', value: (o) => o.protocol },
      { header: 'FQDN', value: (o) => o.fqdn },
      { header: 'PORT', value: (o) => o.port },
      { header: 'PRIMARY', value: (o) => o.isPrimary },
    ];
    return { rows: response, columns };
  },
};

/** Everyone's jobs of the delivery service (GET jobs); where the server lacks that route, the caller's own. */
const jobsSection: DsSection = {
  key: 'jobs',
  fetch: async (http, ds) => {
    const columns: Column<{ id: unknown; assetUrl: string; parameters: string; startTime: string; user: string }>[] = [
      { header: 'ID', value: (j) => j.id },
      { header: 'ASSET URL', value: (j) => j.assetUrl },
      { header: 'PARAMETERS', value: (j) => j.parameters },
      { header: 'START', value: (j) => j.startTime },
      { header: 'USER', value: (j) => j.user },
    ];
    let rows: Array<{ id: unknown; assetUrl: string; parameters: string; startTime: string; user: string }>;
    try {
      rows = (await listAllJobs(http, { deliveryService: ds.xmlId })).response.map((j) => ({
        ...j,
        user: j.createdBy,
      }));
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      rows = (await listJobs(http)).response
        .filter((j) => j.dsXmlId === ds.xmlId)
        .map((j) => ({ ...j, user: j.username }));
    }
    rows.sort((a, b) => b.startTime.localeCompare(a.startTime));
    return { rows: rows.slice(0, RECENT_JOBS), columns };
  },
};

/** The EDGE caches assigned to the delivery service (GET deliveryservices/:id/servers); MIDs serve the whole CDN. */
const serversSection: DsSection = {
  key: 'servers',
  fetch: async (http, ds) => {
    const { response } = await listDeliveryServiceServers(http, Number(ds.id));
    const columns: Column<Server>[] = [
      { header: 'HOST', value: (s) => s.hostName },
      { header: 'TYPE', value: (s) => s.type },
      { header: 'STATUS', value: (s) => s.status },
      { header: 'CACHEGROUP', value: (s) => s.cachegroup },
      { header: 'UPD', value: (s) => (s.updPending ? 'pending' : '-') },
      { header: 'REVAL', value: (s) => (s.revalPending ? 'pending' : '-') },
    ];
    return { rows: response, columns };
  },
};

const sections: DsSection[] = [originsSection, serversSection, jobsSection];

/** Adds a section to `ds get` (after the ones there): the extension point for the servers of a delivery service. */
export function addDsSection(section: DsSection): void {
  sections.push(section);
}

export function dsSections(): readonly DsSection[] {
  return sections;
}
