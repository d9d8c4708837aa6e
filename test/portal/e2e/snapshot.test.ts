import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { portalActions } from './actions.js';
import { launchBrowser, type E2eBrowser } from './browser.js';
import { ADMIN_PASSWORD, startDaemon, type E2eDaemon } from './daemon.js';

// Issue 35: the CDN snapshot on the Topology page — the diff of pending against published, readable per section,
// and a publish that asks for the CDN's name typed out. The golden data's cdn1 was never published: everything
// a router would read is pending until the operator publishes it.

let daemon: E2eDaemon;
let browser: E2eBrowser;
let page: Page;
let ui: ReturnType<typeof portalActions>;

beforeAll(async () => {
  daemon = await startDaemon();
  browser = await launchBrowser();
  page = browser.page;
  browser.context.setDefaultTimeout(10_000);
  ui = portalActions(browser, daemon.url);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await daemon?.stop();
});
afterEach(() => {
  expect(browser.problems).toEqual([]);
});

const diffOf = async () => {
  const res = await page.request.get(`${daemon.url}/api/1.3/cdns/cdn1/snapshot/diff`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { response: { pending: boolean; published: string | null } }).response;
};

describe('the CDN snapshot on the Topology page', () => {
  it('shows the pending changes, publishes only once the name is typed, then shows no differences', async () => {
    await ui.logIn('admin', ADMIN_PASSWORD);
    await ui.section('Topology').click();
    const row = page.getByRole('table', { name: 'CDNs' }).getByRole('row').filter({ hasText: 'cdn1' });
    await row.getByRole('button', { name: 'Snapshot' }).click();
    const panel = page.getByRole('region', { name: 'Snapshot of cdn1' });
    await panel.getByText('Never published.').waitFor();
    await panel.getByRole('heading', { name: 'CRConfig (Traffic Router)' }).waitFor();
    await panel.getByText('deliveryServices', { exact: true }).first().waitFor();
    await panel.getByLabel('added ds1', { exact: true }).first().waitFor();
    expect(await panel.locator('.snapshot-added').count()).toBeGreaterThan(0);
    expect((await diffOf()).pending).toBe(true);

    await panel.getByRole('button', { name: 'Publish', exact: true }).click();
    const confirm = panel.getByRole('form', { name: 'Publish CDN' });
    const submit = confirm.getByRole('button', { name: 'Publish CDN' });
    await confirm.getByLabel('Name to publish').fill('cdn');
    expect(await submit.isDisabled()).toBe(true);
    expect((await diffOf()).published).toBeNull();
    await confirm.getByLabel('Name to publish').fill('cdn1');
    await submit.click();

    await panel.locator('.alert').filter({ hasText: 'Published the configuration of cdn1.' }).waitFor();
    await panel.getByText('No differences: the published configuration is current.').waitFor();
    await expect(panel.getByRole('button', { name: 'Publish', exact: true }).count()).resolves.toBe(0);
    const after = await diffOf();
    expect(after.pending).toBe(false);
    expect(after.published).not.toBeNull();
  });
});
