// Records of the delivery-service routes issue 31 adds: regexes, matches, health, capacity, routing, user links.
import { bool, int, list, num, record, text, textList, type FromSchema } from './schema.js';

/** One regex of a delivery service (GET/POST/PUT deliveryservices/:id/regexes). */
export const dsRegexSchema = record({ id: int, type: int, typeName: text, setNumber: int, pattern: text });
export type DsRegexRecord = FromSchema<typeof dsRegexSchema>;

/** GET deliveryservices_regexes: each delivery service's regexes by type name. */
export const dsRegexesSchema = record({
  dsName: text,
  regexes: list(record({ type: text, setNumber: int, pattern: text })),
});
export type DsRegexesRecord = FromSchema<typeof dsRegexesSchema>;

/** GET deliveryservice_matches. */
export const dsMatchesSchema = record({ patterns: textList, dsName: text });
export type DsMatchesRecord = FromSchema<typeof dsMatchesSchema>;

/** GET deliveryservices/:id/health. */
export const dsHealthSchema = record({
  totalOffline: int,
  totalOnline: int,
  cachegroups: list(record({ offline: int, online: int, name: text })),
});
export type DsHealthRecord = FromSchema<typeof dsHealthSchema>;

/** GET deliveryservices/:id/capacity. */
export const dsCapacitySchema = record({
  availablePercent: num,
  unavailablePercent: num,
  utilizedPercent: num,
  maintenancePercent: num,
});
export type DsCapacityRecord = FromSchema<typeof dsCapacitySchema>;

/** GET deliveryservices/:id/routing (1.5). */
export const dsRoutingSchema = record({
  staticRoute: num,
  geo: num,
  err: num,
  fed: num,
  cz: num,
  deepCz: num,
  regionalAlternate: num,
  dsr: num,
  miss: num,
  regionalDenied: num,
});
export type DsRoutingRecord = FromSchema<typeof dsRoutingSchema>;

/** POST deliveryservice_user: the request, echoed. */
export const dsUserAssignmentSchema = record({ userId: int, deliveryServices: list(int), replace: bool });
export type DsUserAssignmentRecord = FromSchema<typeof dsUserAssignmentSchema>;
