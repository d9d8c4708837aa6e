import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportSnapshot } from '../../../daemon/services/snapshot/export.js';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { SnapshotError } from '../../../daemon/store/snapshot-types.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { serversApp, type ServersApp } from './helpers.js';

/** Issue 30: a snapshot carries the servers' 1.x fields, and refuses what the API refuses, with the same text. */
eachStore((kind) => {
  let t: ServersApp;
  beforeAll(async () => {
    t = await serversApp(kind);
  }, 60_000);
  afterAll(async () => t?.close());
  const target = () => (kind === 'sqlite' ? t.db : t.store);
  const server = (over: Record<string, unknown>) => ({
    hostName: 'edge7',
    domainName: 'cdn1.example.test',
    ipAddress: '192.0.2.7',
    type: 'EDGE',
    status: 'REPORTED',
    cachegroup: 'edge-cg1',
    cdnName: 'cdn1',
    profile: 'EDGE_PROFILE1',
    ...over,
  });

  it('imports and exports rack, guid, iLO, management, XMPP and router fields', async () => {
    const extras = { rack: 'R7', guid: 'g7', iloUsername: 'ilo7', xmppId: 'x7', routerHostName: 'rtr7' };
    await importSnapshot(target(), { servers: [server(extras)] }, { now: t.clock.now() });
    const api = await t.call('ops_user', 'GET', '/api/1.5/servers?hostName=edge7');
    expect(api.json().response[0]).toMatchObject({ ...extras, iloPassword: null });
    const doc = await exportSnapshot(target());
    const exported = (doc.servers as Array<Record<string, unknown>>).find((s) => s.hostName === 'edge7');
    expect(exported).toMatchObject(extras);
    expect(exported).not.toHaveProperty('iloPassword');
  });

  it('refuses an extra field the API refuses, with the same text', async () => {
    const bad = 'a\u0000b';
    const res = await t.call('ops_user', 'POST', '/api/1.5/servers', server({ hostName: 'edge6', rack: bad }));
    expect(res.statusCode).toBe(400);
    const apiText = res.json().alerts[0].text as string;
    expect(apiText).toBe("'rack' cannot contain control, bidirectional, invisible or unassigned characters");
    const err = await importSnapshot(target(), { servers: [server({ hostName: 'edge6', rack: bad })] }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SnapshotError);
    expect((err as SnapshotError).errors.join('\n')).toContain(
      'rack: cannot contain control, bidirectional, invisible or unassigned characters',
    );
  });
});
