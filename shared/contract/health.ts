import { bool, int, record, text, textList, type FromSchema } from './schema.js';

/*
 * Cache health (issue 35): what a health monitor serves (Traffic Monitor's `/publish/CrStates`), what it
 * publishes to the daemon, and the daemon's health reads in Traffic Ops 1.x's shape (reference §1.6).
 */

/** One cache in a monitor's view: whether it is available. */
export const crStateCacheSchema = record({ isAvailable: bool });

/**
 * Traffic Monitor's `/publish/CrStates`: `caches` by host name, `deliveryServices` by xmlId
 * (`{isAvailable, disabledLocations: []}`).
 */
export const crStatesSchema = record({
  caches: { type: 'object', additionalProperties: crStateCacheSchema },
  deliveryServices: {
    type: 'object',
    additionalProperties: record({ isAvailable: bool, disabledLocations: textList }),
  },
});
export type CrStates = FromSchema<typeof crStatesSchema>;

/** POST cdns/:name/health/report (ours): a monitor's merged view of the CDN's caches. */
export const healthReportSchema = record({
  monitor: text,
  caches: { type: 'object', additionalProperties: crStateCacheSchema },
});
export type HealthReport = FromSchema<typeof healthReportSchema>;

/** The answer to a health report: the CDN and the host names recorded (names of no cache of the CDN are skipped). */
export const healthReportAnswerSchema = record({ cdn: text, monitor: text, recorded: textList });
export type HealthReportAnswer = FromSchema<typeof healthReportAnswerSchema>;

/** GET cdns/health and cdns/:name/health (reference §1.6): `cachegroups` null when no cache is counted. */
export const cdnHealthSchema = record({
  totalOffline: int,
  totalOnline: int,
  cachegroups: { type: ['array', 'null'], items: record({ offline: int, online: int, name: text }) },
});
export type CdnHealthRecord = FromSchema<typeof cdnHealthSchema>;
