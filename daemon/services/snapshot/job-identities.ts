import { formatTimestamp } from '../../../shared/time.js';
import type { JobModel, KnownRecords } from '../../store/snapshot-types.js';
import { rejectDuplicates, type Read } from './sections.js';

/** The purge a job stands for: what the API calls a duplicate when two jobs share it. */
const purgeKey = (m: JobModel): string =>
  m.assetUrl ? JSON.stringify([m.deliveryService, m.assetUrl, m.startTime]) : '';

/**
 * A job is its id: the API stores the same purge twice (answering a "duplicate" warning), so only the id tells
 * such jobs apart, and the same id twice is a conflict. A job without an id matches on its purge (delivery
 * service, asset URL, start time), which must then name one job of the file. An id the database holds already
 * is that job, updated in place; as through the API, it cannot move to another delivery service.
 */
export function checkJobIdentities(jobs: Read<JobModel>[], known: KnownRecords): void {
  rejectDuplicates(jobs, 'id', (m) => (m.id === null ? '' : String(m.id)));
  const purges = new Map<string, number>();
  for (const { model } of jobs) purges.set(purgeKey(model), (purges.get(purgeKey(model)) ?? 0) + 1);
  for (const { model, f } of jobs) {
    const stored = model.id === null ? undefined : known.jobs.get(model.id);
    if (stored !== undefined && model.deliveryService && stored !== model.deliveryService) {
      f.fail(
        `id: job ${model.id} belongs to delivery service "${stored}"; a job cannot move to another delivery service`,
      );
    }
    if (model.id === null && purgeKey(model) && (purges.get(purgeKey(model)) ?? 0) > 1) {
      f.fail(
        `the purge of "${model.assetUrl}" starting ${formatTimestamp(model.startTime)} appears more than once: give each job its id`,
      );
    }
  }
}
