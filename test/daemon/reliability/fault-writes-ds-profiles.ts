import { expect } from 'vitest';
import type { GoldenApp } from '../security/fixture.js';
import type { FaultFixtures, WriteRequest } from './fault-writes.js';

/*
 * Valid writes of delivery services, their regexes and user links, profiles and parameters (issue 31). Each write
 * changes records of its own, prepared here while the disk takes writes, so that none of them touches a golden
 * record another area's request relies on. Requests go in route-table order, once refused (attempt 0) and once
 * accepted (attempt 1): a DELETE's record is not the one an earlier request of attempt 1 changes, and a POST's
 * name carries `attempt`.
 */

/** What the valid writes of delivery services, their regexes and users, profiles and parameters (issue 31) refer to, prepared while the disk takes writes. */
export interface DsProfilesFaultFixtures {
  /** `fault-ds`: the delivery service whose regexes and user links change, and which PUT and PUT safe update. */
  ds: number;
  /** `fault-ds-gone`: a delivery service of nothing else, to delete. */
  dsToDelete: number;
  /** Two PATH_REGEXP regexes of fault-ds (besides its set-0 host regex): one to change, one to delete. */
  regexes: { update: number; remove: number; pathType: number };
  /** The HTTP delivery-service type. */
  httpType: number;
  /** Profiles: one to update, one to delete, one whose parameter links change. */
  profiles: { update: number; remove: number; links: number };
  /** Parameters on no profile: to update, to delete, to link by pair, by profileparameter, by parameterprofile; one linked to unlink. */
  parameters: { update: number; remove: number; pair: number; assign: number; assignProfile: number; linked: number };
}

/** Prepares, as admin through the API, the records the writes below change. */
export async function prepareDsProfilesFaults(t: GoldenApp): Promise<DsProfilesFaultFixtures> {
  const admin = await t.session('admin');
  const call = async <T>(method: 'POST' | 'PUT', url: string, payload: object): Promise<T> => {
    const res = await t.app.inject({ method, url: `/api/1.5${url}`, headers: { cookie: admin }, payload });
    expect(res.statusCode, `${method} ${url} while preparing the fault: ${res.body}`).toBe(200);
    return (res.json() as { response: T }).response;
  };
  const httpType = (await t.store.typeLookup.find('deliveryservice', { name: 'HTTP' }))!.id;
  const pathType = t.ids.regexes.pathType;
  const ds = async (xmlId: string) =>
    (
      await call<Array<{ id: number }>>(
        'POST',
        '/deliveryservices',
        dsBody(t.ids.cdn.id, httpType, t.ids.tenants.root, xmlId),
      )
    )[0].id;
  const regex = async (dsId: number, setNumber: number) =>
    (
      await call<{ id: number }>('POST', `/deliveryservices/${dsId}/regexes`, {
        pattern: `/fault-${setNumber}/.*`,
        type: pathType,
        setNumber,
      })
    ).id;
  const profile = async (name: string) =>
    (await call<{ id: number }>('POST', '/profiles', profileBody(t.ids.cdn.id, name))).id;
  const parameter = async (name: string) =>
    (
      await call<{ id: number }>('POST', '/parameters', {
        name,
        configFile: 'records.config',
        value: 'INT 1',
        secure: false,
      })
    ).id;

  const faultDs = await ds('fault-ds');
  const links = await profile('FAULT_LINKS');
  const linked = await parameter('fault.linked');
  await call('POST', '/profileparameters', { profileId: links, parameterId: linked });
  // The link DELETE deliveryservice_user removes.
  await call('POST', '/deliveryservice_user', { userId: t.ids.users.ops_user, deliveryServices: [faultDs] });
  return {
    ds: faultDs,
    dsToDelete: await ds('fault-ds-gone'),
    regexes: { update: await regex(faultDs, 1), remove: await regex(faultDs, 2), pathType },
    httpType,
    profiles: { update: await profile('FAULT_UPDATE'), remove: await profile('FAULT_DELETE'), links },
    parameters: {
      update: await parameter('fault.update'),
      remove: await parameter('fault.remove'),
      pair: await parameter('fault.pair'),
      assign: await parameter('fault.assign'),
      assignProfile: await parameter('fault.assign-profile'),
      linked,
    },
  };
}

/** A valid 1.5 body of an HTTP delivery service of cdn1. */
function dsBody(cdnId: number, typeId: number, tenantId: number, xmlId: string) {
  return {
    xmlId,
    displayName: `DS ${xmlId}`,
    active: true,
    cdnId,
    typeId,
    tenantId,
    dscp: 0,
    geoLimit: 0,
    geoProvider: 0,
    logsEnabled: false,
    regionalGeoBlocking: false,
    initialDispersion: 1,
    ipv6RoutingEnabled: false,
    protocol: 0,
    missLat: 41.5,
    missLong: -87.5,
    multiSiteOrigin: false,
    qstringIgnore: 0,
    rangeRequestHandling: 0,
    orgServerFqdn: `http://${xmlId}-origin.example.test:8080`,
  };
}

const profileBody = (cdn: number, name: string) => ({
  name,
  description: `profile ${name}`,
  cdn,
  type: 'ATS_PROFILE',
  routingDisabled: false,
});

const fixtures = (f: FaultFixtures) => f.dsProfiles;

/** A valid request for each write route of delivery services, their regexes and users, profiles and parameters (issue 31); `attempt` 0 is refused, 1 must succeed. */
export const DS_PROFILES_VALID_WRITES: Record<string, (f: FaultFixtures, attempt: number) => WriteRequest> = {
  'POST /deliveryservices/:id/regexes': (f, attempt) => ({
    method: 'POST',
    url: `/api/1.5/deliveryservices/${fixtures(f).ds}/regexes`,
    cookie: f.admin,
    payload: { pattern: `/fault-new-${attempt}/.*`, type: fixtures(f).regexes.pathType, setNumber: 10 + attempt },
  }),
  // The regex's own set number: a PUT may only move a regex to a set number the delivery service has.
  'PUT /deliveryservices/:id/regexes/:regexId': (f) => ({
    method: 'PUT',
    url: `/api/1.5/deliveryservices/${fixtures(f).ds}/regexes/${fixtures(f).regexes.update}`,
    cookie: f.admin,
    payload: { pattern: '/fault-changed/.*', type: fixtures(f).regexes.pathType, setNumber: 1 },
  }),
  'DELETE /deliveryservices/:id/regexes/:regexId': (f) => ({
    method: 'DELETE',
    url: `/api/1.5/deliveryservices/${fixtures(f).ds}/regexes/${fixtures(f).regexes.remove}`,
    cookie: f.admin,
  }),
  'POST /deliveryservice_user': (f) => ({
    method: 'POST',
    url: '/api/1.5/deliveryservice_user',
    cookie: f.admin,
    payload: { userId: f.ids.users.ro_user, deliveryServices: [fixtures(f).ds], replace: false },
  }),
  'DELETE /deliveryservice_user/:dsId/:userId': (f) => ({
    method: 'DELETE',
    url: `/api/1.5/deliveryservice_user/${fixtures(f).ds}/${f.ids.users.ops_user}`,
    cookie: f.admin,
  }),
  'POST /deliveryservices': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.5/deliveryservices',
    cookie: f.admin,
    payload: dsBody(f.ids.cdn.id, fixtures(f).httpType, f.ids.tenants.root, `fault-new-${attempt}`),
  }),
  'PUT /deliveryservices/:id': (f) => ({
    method: 'PUT',
    url: `/api/1.5/deliveryservices/${fixtures(f).ds}`,
    cookie: f.admin,
    payload: { ...dsBody(f.ids.cdn.id, fixtures(f).httpType, f.ids.tenants.root, 'fault-ds'), displayName: 'Fault DS' },
  }),
  'PUT /deliveryservices/:id/safe': (f) => ({
    method: 'PUT',
    url: `/api/1.5/deliveryservices/${fixtures(f).ds}/safe`,
    cookie: f.admin,
    payload: { displayName: 'Fault DS, safely', longDesc: 'changed through the safe fields' },
  }),
  'DELETE /deliveryservices/:id': (f) => ({
    method: 'DELETE',
    url: `/api/1.5/deliveryservices/${fixtures(f).dsToDelete}`,
    cookie: f.admin,
  }),
  'POST /profiles': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.5/profiles',
    cookie: f.admin,
    payload: profileBody(f.ids.cdn.id, `FAULT_NEW_${attempt}`),
  }),
  'PUT /profiles/:id': (f) => ({
    method: 'PUT',
    url: `/api/1.5/profiles/${fixtures(f).profiles.update}`,
    cookie: f.admin,
    payload: { ...profileBody(f.ids.cdn.id, 'FAULT_UPDATED'), routingDisabled: true },
  }),
  'DELETE /profiles/:id': (f) => ({
    method: 'DELETE',
    url: `/api/1.5/profiles/${fixtures(f).profiles.remove}`,
    cookie: f.admin,
  }),
  'POST /profiles/name/:name/copy/:existing': (f, attempt) => ({
    method: 'POST',
    url: `/api/1.4/profiles/name/FAULT_COPY_${attempt}/copy/FAULT_LINKS`,
    cookie: f.admin,
  }),
  'POST /profiles/import': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.3/profiles/import',
    cookie: f.admin,
    payload: {
      profile: { name: `FAULT_IMPORT_${attempt}`, description: 'imported', cdn: 'cdn1', type: 'ATS_PROFILE' },
      parameters: [{ config_file: 'records.config', name: `fault.imported.${attempt}`, value: 'INT 3' }],
    },
  }),
  'POST /profiles/:id/parameters': (f, attempt) => ({
    method: 'POST',
    url: `/api/1.5/profiles/${fixtures(f).profiles.links}/parameters`,
    cookie: f.admin,
    payload: [{ name: `fault.by-id.${attempt}`, configFile: 'records.config', value: 'INT 4', secure: 0 }],
  }),
  'POST /profiles/name/:name/parameters': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.5/profiles/name/FAULT_LINKS/parameters',
    cookie: f.admin,
    payload: { name: `fault.by-name.${attempt}`, configFile: 'records.config', value: 'INT 5', secure: 1 },
  }),
  'POST /parameters': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.5/parameters',
    cookie: f.admin,
    payload: { name: `fault.new.${attempt}`, configFile: 'records.config', value: 'INT 6', secure: false },
  }),
  'PUT /parameters/:id': (f) => ({
    method: 'PUT',
    url: `/api/1.5/parameters/${fixtures(f).parameters.update}`,
    cookie: f.admin,
    payload: { name: 'fault.updated', configFile: 'records.config', value: 'INT 7', secure: true },
  }),
  'DELETE /parameters/:id': (f) => ({
    method: 'DELETE',
    url: `/api/1.5/parameters/${fixtures(f).parameters.remove}`,
    cookie: f.admin,
  }),
  'POST /profileparameters': (f) => ({
    method: 'POST',
    url: '/api/1.5/profileparameters',
    cookie: f.admin,
    payload: { profileId: fixtures(f).profiles.links, parameterId: fixtures(f).parameters.pair },
  }),
  'DELETE /profileparameters/:profileId/:parameterId': (f) => ({
    method: 'DELETE',
    url: `/api/1.5/profileparameters/${fixtures(f).profiles.links}/${fixtures(f).parameters.linked}`,
    cookie: f.admin,
  }),
  'POST /profileparameter': (f) => ({
    method: 'POST',
    url: '/api/1.5/profileparameter',
    cookie: f.admin,
    payload: { profileId: fixtures(f).profiles.links, paramIds: [fixtures(f).parameters.assign], replace: false },
  }),
  'POST /parameterprofile': (f) => ({
    method: 'POST',
    url: '/api/1.5/parameterprofile',
    cookie: f.admin,
    payload: {
      paramId: fixtures(f).parameters.assignProfile,
      profileIds: [fixtures(f).profiles.links],
      replace: false,
    },
  }),
};
