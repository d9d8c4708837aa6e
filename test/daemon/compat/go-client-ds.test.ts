import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoSession, listenLocal, type GoAnswer } from '../../helpers/go-session.js';
import { GO_DS, expectShape } from '../../helpers/go-types.js';
import { PASSWORDS, goldenApp, type GoldenApp } from '../security/fixture.js';

/**
 * The v1 Go client's delivery-service calls (issue 31), over real HTTP: the paths it builds, the bodies it
 * sends (tc.DeliveryServiceNullable as json.Marshal writes it) and the JSON types its structs decode.
 */

let t: GoldenApp;
let base = '';
const go = new GoSession(() => base);

beforeAll(async () => {
  t = await goldenApp();
  base = await listenLocal(t.app);
  const login = await request('POST', '/api/1.5/user/login', { u: 'admin', p: PASSWORDS.admin });
  expect(login.body.alerts).toEqual([{ level: 'success', text: 'Successfully logged in.' }]);
});
afterAll(async () => {
  await t?.close();
});

type Answer = GoAnswer;

const request = go.request;

function expectOk(answer: Answer, what: string): unknown {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(300);
  return answer.body.response;
}

/** A tc.DeliveryServiceNullable (V15) as the Go client marshals it: every key, nil as null. */
async function goBody(xmlId: string): Promise<Record<string, unknown>> {
  const ds1 = (
    expectOk(await request('GET', '/api/1.5/deliveryservices.json?xmlId=ds1'), 'ds1') as Record<string, unknown>[]
  )[0];
  return {
    ...Object.fromEntries(Object.keys(GO_DS.v15).map((k) => [k, null])),
    ...ds1,
    id: null,
    xmlId,
    displayName: `Go ${xmlId}`,
    orgServerFqdn: `http://${xmlId}.origin.example.test`,
    exampleURLs: null,
    matchList: null,
    lastUpdated: null,
  };
}

describe('the Go client’s delivery-service calls', () => {
  let id = 0;

  it('CreateDeliveryService posts deliveryservices.json and decodes a one-element V15 array', async () => {
    const answer = await request('POST', '/api/1.5/deliveryservices.json', await goBody('go-made'));
    const list = expectOk(answer, 'CreateDeliveryService') as Record<string, unknown>[];
    expect(answer.body.alerts).toEqual([{ level: 'success', text: 'Delivery Service creation was successful' }]);
    expect(list).toHaveLength(1);
    expectShape(list[0], GO_DS.v15, 'created', { ordered: true });
    id = list[0].id as number;
  });

  it('UpdateDeliveryService puts deliveryservices/{id} and decodes V15', async () => {
    const body = { ...(await goBody('go-made')), id, displayName: 'Go changed' };
    const list = expectOk(await request('PUT', `/api/1.5/deliveryservices/${id}`, body), 'Update') as Record<
      string,
      unknown
    >[];
    expectShape(list[0], GO_DS.v15, 'updated', { ordered: true });
    expect(list[0].displayName).toBe('Go changed');
  });

  it('UpdateDeliveryServiceSafe puts …/safe', async () => {
    const answer = await request('PUT', `/api/1.5/deliveryservices/${id}/safe`, {
      displayName: 'Go safe',
      infoUrl: null,
      longDesc: 'l',
      longDesc1: null,
    });
    const list = expectOk(answer, 'Safe') as Record<string, unknown>[];
    expectShape(list[0], GO_DS.v15, 'safe', { ordered: true });
    expect(answer.body.alerts).toEqual([{ level: 'success', text: 'Delivery Service safe update successful.' }]);
  });

  it('GetDeliveryServiceRegexes, GetDeliveryServiceMatches', async () => {
    const regexes = expectOk(await request('GET', '/api/1.5/deliveryservices_regexes'), 'regexes') as Array<{
      dsName: string;
      regexes: Array<Record<string, unknown>>;
    }>;
    const mine = regexes.find((r) => r.dsName === 'go-made');
    expect(mine?.regexes).toEqual([{ type: 'HOST_REGEXP', setNumber: 0, pattern: '.*\\.go-made\\..*' }]);
    const matches = expectOk(await request('GET', '/api/1.5/deliveryservice_matches'), 'matches') as Array<
      Record<string, unknown>
    >;
    for (const m of matches) expectShape(m, { patterns: 'array', dsName: 'string' }, 'match', { ordered: true });
  });

  it('GetDeliveryServiceHealth, GetDeliveryServiceCapacity (.json), GetDeliveryServiceRouting', async () => {
    const ds1 = t.ids.deliveryServices.ds1;
    const health = expectOk(await request('GET', `/api/1.5/deliveryservices/${ds1}/health.json`), 'health');
    expectShape(health, { totalOffline: 'number', totalOnline: 'number', cachegroups: 'array' }, 'health');
    const capacity = expectOk(await request('GET', `/api/1.5/deliveryservices/${ds1}/capacity.json`), 'capacity');
    expectShape(
      capacity,
      {
        availablePercent: 'number',
        unavailablePercent: 'number',
        utilizedPercent: 'number',
        maintenancePercent: 'number',
      },
      'capacity',
    );
    const routing = expectOk(await request('GET', `/api/1.5/deliveryservices/${ds1}/routing`), 'routing');
    expect(Object.keys(routing as object)).toEqual([
      'staticRoute',
      'geo',
      'err',
      'fed',
      'cz',
      'deepCz',
      'regionalAlternate',
      'dsr',
      'miss',
      'regionalDenied',
    ]);
  });

  it('SetDeliveryServiceUser and DeleteDeliveryServiceUser', async () => {
    const user = t.ids.users.ops_user;
    const set = await request('POST', '/api/1.5/deliveryservice_user', {
      userId: user,
      deliveryServices: [id],
      replace: false,
    });
    expect(expectOk(set, 'SetDeliveryServiceUser')).toEqual({ userId: user, deliveryServices: [id], replace: false });
    expectOk(await request('DELETE', `/api/1.5/deliveryservice_user/${id}/${user}`), 'DeleteDeliveryServiceUser');
  });

  it('DeleteDeliveryService deletes deliveryservices/{id}', async () => {
    const answer = await request('DELETE', `/api/1.5/deliveryservices/${id}`);
    expectOk(answer, 'DeleteDeliveryService');
    expect(answer.body).toEqual({ alerts: [{ level: 'success', text: 'ds was deleted.' }] });
    expect(expectOk(await request('GET', `/api/1.5/deliveryservices/${id}.json`), 'gone')).toEqual([]);
  });
});
