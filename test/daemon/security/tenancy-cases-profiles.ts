import { expect } from 'vitest';
import type { TenancyEntry } from './tenancy-cases.js';

/*
 * Tenancy cases of profiles, parameters and their links (issue 31). Profiles and parameters carry no tenant in
 * Traffic Ops 1.x: a tenant-a caller reads the root tenant's records and its writes reach the rules (each write
 * here is one the rules refuse, so nothing changes). Secure values are masked by role, not by tenant: see
 * tenancy-secure-parameters.test.ts.
 */

/** The golden profiles in import order (setup snapshot, then the caches'): GLOBAL holds parameter 1. */
const GLOBAL_PROFILE = 1;
/** EDGE_PROFILE1: every edge cache of cdn1 uses it. */
const EDGE_PROFILE = 3;
/** maxRevalDurationDays of GLOBAL, the golden setup's only parameter. */
const REVAL_PARAMETER = 1;

interface ParameterSeen {
  id: number | string;
  name: string;
  value: string;
  profiles?: string[];
}
const theRevalParameter = (r: unknown) => {
  const list = r as ParameterSeen[];
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({ name: 'maxRevalDurationDays', value: '90' });
};
const holdsReval = (r: unknown) =>
  expect((r as ParameterSeen[]).map((p) => [p.name, p.value])).toContainEqual(['maxRevalDurationDays', '90']);
const profileBody = (name: string, cdn: number) => ({
  name,
  description: 'tenancy probe',
  cdn,
  type: 'ORG_PROFILE',
  routingDisabled: false,
});
const halfParameter = () => ({ name: 'tenancy.probe' });
const MISSING_FIELDS = 'parse error: validating: object 0: required fields missing: configFile, secure, value';

export const PROFILES_TENANCY: Record<string, TenancyEntry> = {
  'PUT /profiles/:id': {
    why: 'profiles carry no tenant: the write reaches the rules',
    cases: [
      {
        as: 'tenanta_user',
        method: 'PUT',
        url: (ids) => `/api/1.5/profiles/${ids.profile}`,
        body: (ids) => profileBody('EDGE_PROFILE1', ids.cdn.id),
        status: 400,
        text: "profile name 'EDGE_PROFILE1' already exists.",
      },
    ],
  },
  'DELETE /profiles/:id': {
    why: 'profiles carry no tenant: the delete reaches the in-use check',
    cases: [
      {
        as: 'tenanta_user',
        method: 'DELETE',
        url: () => `/api/1.5/profiles/${EDGE_PROFILE}`,
        status: 400,
        text: 'cannot delete profile because it is being used by a server',
      },
    ],
  },
  'POST /profiles/name/:name/copy/:existing': {
    why: 'profiles carry no tenant: a copy reaches the names of every tenant',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.4/profiles/name/EDGE_PROFILE1/copy/ORG_PROFILE1',
        status: 400,
        text: 'profile with name EDGE_PROFILE1 already exists',
      },
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.4/profiles/name/TENANCY_COPY/copy/NO_SUCH_PROFILE',
        status: 404,
        text: 'profile with name NO_SUCH_PROFILE does not exist',
      },
    ],
  },
  'GET /profiles/:id/export': {
    why: 'profiles carry no tenant: every caller exports them',
    cases: [
      { as: 'tenanta_user', url: (ids) => `/api/1.3/profiles/${ids.profile}/export`, status: 200 },
      { as: 'tenanta_user', url: () => '/api/1.3/profiles/999999/export', status: 404, text: 'profile does not exist' },
    ],
  },
  'POST /profiles/:id/parameters': {
    why: 'profiles carry no tenant: the profile is found and the body reaches the rules',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: (ids) => `/api/1.5/profiles/${ids.profile}/parameters`,
        body: halfParameter,
        status: 400,
        text: MISSING_FIELDS,
      },
    ],
  },
  'POST /profiles/name/:name/parameters': {
    why: 'profiles carry no tenant: the profile is found and the body reaches the rules',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.5/profiles/name/ORG_PROFILE1/parameters',
        body: halfParameter,
        status: 400,
        text: MISSING_FIELDS,
      },
    ],
  },
  'GET /profiles/:id/parameters': {
    why: "profiles and parameters carry no tenant: every caller sees GLOBAL's",
    cases: [
      {
        as: 'tenanta_user',
        url: () => `/api/1.5/profiles/${GLOBAL_PROFILE}/parameters`,
        status: 200,
        response: holdsReval,
        adminSeesIt: true,
      },
    ],
  },
  'GET /profiles/:id/unassigned_parameters': {
    why: 'profiles and parameters carry no tenant: every caller sees the parameters a profile lacks',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.5/profiles/${ids.profile}/unassigned_parameters`,
        status: 200,
        response: holdsReval,
        adminSeesIt: true,
      },
    ],
  },
  'GET /parameters': {
    why: 'parameters carry no tenant: every caller sees them, with the profiles that hold them',
    cases: [
      {
        as: 'tenanta_user',
        url: () => `/api/1.5/parameters?id=${REVAL_PARAMETER}`,
        status: 200,
        response: (r) => {
          theRevalParameter(r);
          expect((r as ParameterSeen[])[0].profiles).toEqual(['GLOBAL']);
        },
        adminSeesIt: true,
      },
    ],
  },
  'GET /parameters/:id': {
    why: 'parameters carry no tenant: every caller sees them',
    cases: [
      {
        as: 'tenanta_user',
        url: () => `/api/1.5/parameters/${REVAL_PARAMETER}`,
        status: 200,
        response: theRevalParameter,
        adminSeesIt: true,
      },
    ],
  },
  'PUT /parameters/:id': {
    why: 'parameters carry no tenant: the write reaches the rules and the record',
    cases: [
      {
        as: 'tenanta_user',
        method: 'PUT',
        url: () => `/api/1.5/parameters/${REVAL_PARAMETER}`,
        body: () => ({ name: 'weight', configFile: 'parent.config', value: 'heavy', secure: false }),
        status: 400,
        text: "'parent.config weight' must be a valid float",
      },
      {
        as: 'tenanta_user',
        method: 'PUT',
        url: () => '/api/1.5/parameters/999999',
        body: () => ({ name: 'tenancy.probe', configFile: 'records.config', value: 'INT 1', secure: false }),
        status: 404,
        text: 'no param found with this id',
      },
    ],
  },
  'DELETE /parameters/:id': {
    why: 'parameters carry no tenant: the delete reaches the in-use check',
    cases: [
      {
        as: 'tenanta_user',
        method: 'DELETE',
        url: () => `/api/1.5/parameters/${REVAL_PARAMETER}`,
        status: 400,
        text: `fail to delete parameter, parameter [id:${REVAL_PARAMETER}] has profile associated.`,
      },
    ],
  },
  'DELETE /profileparameters/:profileId/:parameterId': {
    why: 'profile-parameter links carry no tenant: a link that is not there is not found',
    cases: [
      {
        as: 'tenanta_user',
        method: 'DELETE',
        url: (ids) => `/api/1.5/profileparameters/${ids.profile}/${REVAL_PARAMETER}`,
        status: 404,
        text: 'no profileParameter with that key found',
      },
    ],
  },
};
