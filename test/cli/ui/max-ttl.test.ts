import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxRevalDurationDays, maxTtlHoursFromParameters } from '../../../shared/rules/purge/reval-duration.js';
import { HttpClient } from '../../../shared/client/http.js';
import { clientActions } from '../../../cli/ui/wire.js';
import { ADMIN_PASSWORD, login, makeApp, type TestApp } from '../../helpers/app.js';

describe('the purge ceiling read from parameters', () => {
  it.each([
    ['90', 90],
    ['30', 30],
    [' 7 ', 7],
    [null, 90],
    [undefined, 90],
    ['0', 90],
    ['-5', 90],
    ['ninety', 90],
    ['1.5', 90],
  ])('maxRevalDurationDays(%j) is %i days', (value, days) => {
    expect(maxRevalDurationDays(value as string | null | undefined)).toBe(days);
  });

  it('takes the regex_revalidate.config parameter only', () => {
    expect(maxTtlHoursFromParameters([{ name: 'maxRevalDurationDays', configFile: 'other.config', value: '3' }])).toBe(
      2160,
    );
    expect(
      maxTtlHoursFromParameters([{ name: 'maxRevalDurationDays', configFile: 'regex_revalidate.config', value: '3' }]),
    ).toBe(72);
  });
});

describe('the screens ask the server for the ceiling', () => {
  let t: TestApp;
  let url: string;
  let cookie: string;
  beforeAll(async () => {
    t = await makeApp();
    t.db.prepare("UPDATE parameters SET value = '14' WHERE name = 'maxRevalDurationDays'").run();
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    cookie = await login(t.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  it("offers the GLOBAL profile's maxRevalDurationDays × 24 as the ttl maximum", async () => {
    const http = new HttpClient({ baseUrl: url, version: '1.3', cookie });
    try {
      expect(await clientActions(http).maxTtlHours()).toBe(14 * 24);
    } finally {
      await http.close();
    }
  });
});
