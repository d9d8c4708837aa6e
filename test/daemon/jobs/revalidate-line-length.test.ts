import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originBase } from '../../../daemon/services/jobs/job-record.js';
import { REVALIDATE_LINE_MAX_BYTES } from '../../../shared/rules/purge/revalidate-line.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { goldenApp, type GoldenApp } from '../security/fixture.js';

/**
 * Issue 32, finding 3: regex_revalidate reads its file a line at a time into a 2,048-byte buffer. The line a
 * purge becomes is `<origin base><regex> <expiry>`, so a regex the 2,048-character limit let through could still
 * overflow it, and the cache then loaded the line's tail as a rule of its own. The API refuses any job whose
 * line would not fit, computed for the delivery service's own origin.
 */

type Alert = { level: string; text: string };
const START = '2026-11-21 12:30:00';
/** `START` + 1 h as Unix seconds: the expiry the line ends with. */
const EXPIRY = String(Date.parse('2026-11-21T13:30:00Z') / 1000);
const LINE_TOO_LONG = /^regex: too long for this delivery service: its rule for the caches would be \d+ bytes/;

eachStore((kind) => {
  describe('purges whose regex_revalidate line would not fit the plugin', () => {
    let t: GoldenApp;
    let cookie: string;
    let prefix: string;
    beforeAll(async () => {
      t = await goldenApp({ storeKind: kind });
      cookie = await t.session('ops_user');
      const ds = await t.store.deliveryServices.byId(t.ids.deliveryServices.ds1);
      if (!ds?.primaryOrigin) throw new Error('ds1 has no primary origin');
      prefix = originBase(ds.primaryOrigin);
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    const userJob = (regex: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/1.2/user/current/jobs',
        headers: { cookie },
        payload: { dsId: t.ids.deliveryServices.ds1, regex, startTime: START, ttl: 1 },
      });
    const job = (regex: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/1.4/jobs',
        headers: { cookie },
        payload: { deliveryService: 'ds1', regex, startTime: START, ttl: 1 },
      });
    /** A regex whose line (with its newline) is exactly `bytes` long. */
    const regexForLine = (bytes: number) => {
      const room = bytes - 1 - prefix.length - 1 - EXPIRY.length - 1;
      return `/${'a'.repeat(room)}`;
    };

    it('accepts a regex whose line exactly fills the buffer, on both routes', async () => {
      const regex = regexForLine(REVALIDATE_LINE_MAX_BYTES);
      expect(Buffer.byteLength(`${prefix}${regex} ${EXPIRY}\n`)).toBe(REVALIDATE_LINE_MAX_BYTES);
      for (const send of [userJob, job]) {
        const res = await send(regex);
        expect(res.statusCode, res.body).toBe(200);
      }
    });

    it('refuses one byte more with a 400 naming the sizes, storing nothing, on both routes', async () => {
      const regex = regexForLine(REVALIDATE_LINE_MAX_BYTES + 1);
      expect(regex.length).toBeLessThan(2048);
      const before = await t.checksum();
      for (const send of [userJob, job]) {
        const res = await send(regex);
        expect(res.statusCode, res.body).toBe(400);
        const alerts = (res.json() as { alerts: Alert[] }).alerts;
        expect(alerts).toHaveLength(1);
        expect(alerts[0].level).toBe('error');
        expect(alerts[0].text).toMatch(LINE_TOO_LONG);
        expect(alerts[0].text).toContain(`${REVALIDATE_LINE_MAX_BYTES + 1} bytes`);
      }
      expect(await t.checksum()).toBe(before);
    });
  });
});
