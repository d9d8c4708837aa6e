import type {
  ParameterRecord,
  PostedParameterRecord,
  ProfileParameterLinkRecord,
} from '../../shared/contract/parameters.js';
import { SECURE_MASK } from '../../shared/rules/profiles.js';
import { formatTimestampTz } from '../../shared/time.js';
import type { ParameterWithProfiles, ProfileParameterLink } from '../store/parameter-reads.js';
import type { Parameter } from '../store/parameters.js';

/** A parameter of GET parameters (Traffic Ops' Parameter); a secure value is masked unless `reveal`. */
export function parameterRecord(p: ParameterWithProfiles, reveal: boolean): ParameterRecord {
  return {
    configFile: p.configFile,
    id: p.id,
    lastUpdated: formatTimestampTz(p.lastUpdated),
    name: p.name,
    profiles: p.profiles,
    secure: p.secure,
    value: p.secure && !reveal ? SECURE_MASK : p.value,
  };
}

/** A link of GET profileparameters. */
export const linkRecord = (l: ProfileParameterLink): ProfileParameterLinkRecord => ({
  lastUpdated: formatTimestampTz(l.lastUpdated),
  profile: l.profile,
  parameter: l.parameterId,
});

/** A parameter in the answer of POST profiles/{id|name}/parameters (`secure` 0 or 1); masked unless `reveal`. */
export const postedParameterRecord = (p: Parameter, reveal: boolean): PostedParameterRecord => ({
  configFile: p.configFile,
  name: p.name,
  secure: p.secure ? 1 : 0,
  value: p.secure && !reveal ? SECURE_MASK : p.value,
  id: p.id,
});
