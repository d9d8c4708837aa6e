import type { CachegroupParameterLinkRecord, CachegroupParameterRecord } from '../../shared/contract/cachegroups.js';
import { formatTimestampTz } from '../../shared/time.js';
import type { CachegroupParameterLink } from '../store/cachegroups.js';
import type { Parameter } from '../store/parameters.js';
import { MASKED_VALUE } from './profiles.js';

/** A parameter of GET cachegroups/:id/parameters; a secure value is masked unless `reveal`. */
export function cachegroupParameterRecord(p: Parameter, reveal: boolean): CachegroupParameterRecord {
  return {
    configFile: p.configFile,
    id: p.id,
    lastUpdated: formatTimestampTz(p.lastUpdated),
    name: p.name,
    secure: p.secure,
    value: p.secure && !reveal ? MASKED_VALUE : p.value,
  };
}

/** A link of GET cachegroupparameters. */
export function cachegroupParameterLinkRecord(l: CachegroupParameterLink): CachegroupParameterLinkRecord {
  return { cachegroup: l.cachegroupName, parameter: l.parameterId, last_updated: formatTimestampTz(l.lastUpdated) };
}
