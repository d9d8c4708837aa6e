/*
 * Records of the cache-group parameter and assignment routes (issue 30), Traffic Ops 1.x's shapes (reference §2).
 */
import { bool, int, list, record, text, type FromSchema } from './schema.js';

/** One element of GET cachegroups/:id/parameters and unassigned_parameters; a secure value is masked below Admin. */
export const cachegroupParameterSchema = record({
  configFile: text,
  id: int,
  lastUpdated: text,
  name: text,
  secure: bool,
  value: text,
});
export type CachegroupParameterRecord = FromSchema<typeof cachegroupParameterSchema>;

/** One link of GET cachegroupparameters: the group by name, the parameter by id. */
export const cachegroupParameterLinkSchema = record({ cachegroup: text, parameter: int, last_updated: text });
export type CachegroupParameterLinkRecord = FromSchema<typeof cachegroupParameterLinkSchema>;

/** GET cachegroupparameters' `response`. */
export const cachegroupParameterLinksSchema = record({ cachegroupParameters: list(cachegroupParameterLinkSchema) });

/** One pair of POST cachegroupparameters' answer. */
export const cachegroupParameterPairSchema = record({ cacheGroupId: int, parameterId: int });

/** POST cachegroups/:id/deliveryservices' `response`. */
export const cachegroupAssignmentSchema = record({
  id: int,
  serverNames: list(text),
  deliveryServices: list(int),
});
export type CachegroupAssignmentRecord = FromSchema<typeof cachegroupAssignmentSchema>;
