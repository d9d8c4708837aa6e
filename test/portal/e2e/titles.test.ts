import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type E2eBrowser } from './browser.js';
import { ADMIN_PASSWORD, startDaemon, type E2eDaemon } from './daemon.js';
import { portalActions } from './actions.js';

// Issue 33 items 4 and 6 in headless Chromium: each page names its own tab, the Jobs page shows job ids and
// cancels a job, and a
// delivery service's protocol reads as words, not Traffic Ops' number.

let daemon: E2eDaemon;
let browser: E2eBrowser;

beforeAll(async () => {
  daemon = await startDaemon();
  browser = await launchBrowser();
  browser.context.setDefaultTimeout(10_000);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await daemon?.stop();
});

describe('page titles, job ids and protocol names', () => {
  it('each section has its own <title>; the Jobs grid shows the id and cancels; ds1 says HTTP, not 0', async () => {
    const ui = portalActions(browser, daemon.url);
    const { page } = browser;
    await ui.logIn('admin', ADMIN_PASSWORD);
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/1.3/user/current/jobs', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ dsId: 1, regex: '/titles/.*', ttl: 2, startTime: new Date().toISOString() }),
      });
      return res.status;
    });
    expect(created).toBe(200);
    const titles: string[] = [];
    for (const name of ['Jobs', 'Origins', 'Delivery services']) {
      await ui.section(name).click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      titles.push(await page.title());
    }
    expect(titles).toEqual(['Jobs · cdnctl', 'Origins · cdnctl', 'Delivery services · cdnctl']);
    await ui.section('Jobs').click();
    const grid = page.getByRole('table');
    await grid.getByRole('columnheader', { name: /^ID/ }).waitFor();
    // Cancel: asks first, sends DELETE jobs at 1.4, shows the answer, and the job leaves the list.
    const row = grid.getByRole('row').filter({ hasText: '/titles/' });
    const question = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await row.getByRole('button', { name: 'Cancel job' }).click();
    expect(await question).toMatch(/^Cancel job \d+ \(.*\/titles\/\.\*\) on ds1\?/);
    await page.locator('.alert').first().waitFor();
    await grid.getByRole('row').filter({ hasText: '/titles/' }).waitFor({ state: 'detached' });
    // Issue 33: the page then follows the rule's removal from the caches, MID tier then EDGE tier.
    const removal = page.getByRole('region', { name: 'Removal from the caches' });
    const line = removal.getByRole('listitem').filter({ hasText: 'cancelled, dropped:' });
    await line.waitFor();
    expect(await line.textContent()).toMatch(/^Job \d+ \(ds1\): cancelled, dropped: MID \d+\/\d+ .*EDGE \d+\/\d+/);
    await page.goto(`${daemon.url}/delivery-services/ds1`);
    const settings = page.getByRole('region', { name: 'Settings' });
    const protocol = settings
      .locator('dl.details')
      .first()
      .locator('.details-row')
      .filter({ hasText: 'Protocol' })
      .locator('dd');
    await protocol.waitFor();
    expect((await protocol.textContent())?.trim()).toBe('HTTP');
    expect(browser.problems).toEqual([]);
  });
});
