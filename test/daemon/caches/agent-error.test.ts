import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { cachesApp, type CachesApp } from './helpers.js';

/*
 * Issue 32, finding 2: when a cache's agent cannot apply what it was sent (ATS refused the files), the server's
 * record says why. The agent sends `agent_error` (ours) on its check-in with the flags as it read them; the reason
 * and its time show on GET servers until a check-in clears it (`agent_error=` empty). A check-in without the field
 * (ORT, Traffic Ops' own tools) leaves it as it is.
 */

eachStore((kind) => {
  let t: CachesApp;
  beforeAll(async () => {
    t = await cachesApp(kind);
  });
  afterAll(async () => t?.close());

  const form = (host: string, body: string) =>
    t.app.inject({
      method: 'POST',
      url: `/update/${host}`,
      headers: { cookie: t.cookie.ort_user, 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
  const record = async (host: string) =>
    (await t.call('ro_user', 'GET', `/api/1.3/servers?hostName=${host}`)).json().response[0] as Record<string, unknown>;
  const reason = 'remap.config: ATS refused it (traffic_server -C verify_config): unknown mapping type at line 3';

  it('records the reason with the flags left raised, shows it on GET servers at every version, and clears it', async () => {
    await t.store.serverFlags.setUpdPending({ hostName: 'edge1a' }, null, true, t.clock.now());
    expect(await record('edge1a')).toMatchObject({ agentError: null, agentErrorTime: null });
    t.clock.advance(1000);
    const failed = await form('edge1a', new URLSearchParams({ updated: 'true', agent_error: reason }).toString());
    expect([failed.statusCode, failed.body]).toEqual([200, 'Success']);
    const at = new Date(t.clock.now()).toISOString().replace('T', ' ').slice(0, 19) + '+00';
    for (const v of ['1.1', '1.2', '1.3', '1.4', '1.5']) {
      const res = await t.call('ro_user', 'GET', `/api/${v}/servers?hostName=edge1a`);
      expect(res.json().response[0]).toMatchObject({ updPending: true, agentError: reason, agentErrorTime: at });
    }
    // ORT's check-in says nothing of it: the reason stays.
    expect((await form('edge1a', 'updated=true')).statusCode).toBe(200);
    expect((await record('edge1a')).agentError).toBe(reason);
    // The next apply clears it with the flag.
    expect((await form('edge1a', 'updated=false&agent_error=')).statusCode).toBe(200);
    expect(await record('edge1a')).toMatchObject({ updPending: false, agentError: null, agentErrorTime: null });
  });

  it('takes it on the JSON check-in too, and refuses one that is not a text of at most 2000 characters', async () => {
    const ok = await t.call('ort_user', 'POST', '/api/1.3/servers/edge1b/update', {
      updated: true,
      agent_error: 'parent.config: ATS discarded line 3',
    });
    expect(ok.statusCode).toBe(200);
    expect((await record('edge1b')).agentError).toBe('parent.config: ATS discarded line 3');
    for (const [bad, text] of [
      [42, "'agent_error' must be a string or a null"],
      ['x'.repeat(2001), "'agent_error' must be a text of at most 2000 characters"],
    ] as const) {
      const res = await t.call('ort_user', 'POST', '/api/1.3/servers/edge1b/update', {
        updated: true,
        agent_error: bad,
      });
      expect([res.statusCode, res.json().alerts]).toEqual([400, [{ level: 'error', text }]]);
    }
    const long = await form(
      'edge1b',
      new URLSearchParams({ updated: 'true', agent_error: 'y'.repeat(2001) }).toString(),
    );
    expect([long.statusCode, long.body]).toEqual([
      400,
      "Failed request.  'agent_error' must be a text of at most 2000 characters",
    ]);
    expect((await record('edge1b')).agentError).toBe('parent.config: ATS discarded line 3');
  });

  it('may be set only by the cache itself (or an admin): a read-only user is refused and nothing changes', async () => {
    const res = await t.call('ro_user', 'POST', '/api/1.3/servers/edge2a/update', { updated: true, agent_error: 'x' });
    expect(res.statusCode).toBe(403);
    expect((await record('edge2a')).agentError).toBeNull();
  });
});
