import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { portalActions } from './actions.js';
import { launchBrowser, type E2eBrowser } from './browser.js';
import { agentCheckIn, ortCookie, writeCachesSnapshot } from './caches-dataset.js';
import { ADMIN_PASSWORD, startDaemon, type E2eDaemon } from './daemon.js';
import { hiddenActions } from './fit.js';

// The live CDN map (issue 33, "Beyond the anchors") in headless Chromium against a real daemon: the page opens on
// the tree (MID over EDGE); a purge made through the API appears, and as the caches check in through the API (as
// their agents do, MID first) the page follows without a reload: the daemon pushes each change. Screenshots land
// in test/portal/e2e/screenshots/ (map-*.png).

let daemon: E2eDaemon;
let browser: E2eBrowser;
let page: Page;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cdnctl-e2e-map-'));
  daemon = await startDaemon(writeCachesSnapshot(dir));
  browser = await launchBrowser();
  page = browser.page;
  browser.context.setDefaultTimeout(15_000);
  await portalActions(browser, daemon.url).logIn('admin', ADMIN_PASSWORD);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await daemon?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  expect(browser.problems).toEqual([]);
});

const group = (name: string) => page.getByRole('region', { name: `Cache group ${name}` });
const tile = (host: string) => page.locator(`li.map-cache[data-host="${host}"]`);
const healthOf = (host: string) => tile(host).getAttribute('data-health');
const jobRow = (id: number) => page.locator(`li.map-job[data-job-id="${id}"]`);

describe('the live CDN map', () => {
  it('draws cache groups as a tree by tier and follows a purge from MID to EDGE without a reload', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${daemon.url}/map`);
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    expect(await page.title()).toBe('CDN map · cdnctl');
    // The tree: mid-cg at the root, the EDGE groups nested under it.
    await group('mid-cg').waitFor();
    const nested = await page.evaluate(() =>
      [...document.querySelectorAll('.map-root > li > .map-tree > li > section')].map((s) =>
        s.getAttribute('aria-label'),
      ),
    );
    expect(nested).toEqual(['Cache group edge-cg-chicago-downtown', 'Cache group edge-cg1', 'Cache group edge-cg2']);
    expect(await healthOf('mid1')).toBe('overdue');
    await browser.screenshot('map-01-before-1440');

    // A purge on ds1 through the API: the page shows it and marks the caches still to apply it.
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    const created = await page.request.post(`${daemon.url}/api/1.3/user/current/jobs`, {
      data: { dsId: 1, regex: '/map/.*', ttl: 2, startTime: new Date().toISOString() },
    });
    expect(created.status()).toBe(200);
    const jobId = Number(((await created.json()) as { response: { id: number } }).response.id);
    await jobRow(jobId).waitFor();
    expect(await jobRow(jobId).locator('.map-job-text').textContent()).toMatch(/^MID 0\/2 → EDGE 0\/\d+$/);
    await tile('mid1').and(page.locator('.applying')).waitFor();
    await browser.screenshot('map-02-purge-1440');

    // MID caches check in first (their agents applied it): the MID tier completes, EDGE is the active tier.
    const cookie = await ortCookie(daemon.url);
    for (const host of ['mid1', 'mid2']) await agentCheckIn(daemon.url, cookie, host);
    await jobRow(jobId).locator('.map-job-tier.active').filter({ hasText: 'EDGE' }).waitFor();
    expect(await jobRow(jobId).locator('.map-job-text').textContent()).toMatch(/^MID 2\/2 → EDGE 0\/\d+$/);
    await tile('mid1').and(page.locator('[data-health="current"]')).waitFor();
    expect(await tile('mid1').locator('.map-work').textContent()).toBe('nothing pending');
    expect(await tile('edge1a').getAttribute('class')).toContain('applying');
    await browser.screenshot('map-03-mid-applied-1440');

    // Then every EDGE the purge reaches: the job is applied everywhere.
    const edges = await page
      .locator('li.map-cache.applying')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-host') ?? ''));
    expect(edges.length).toBeGreaterThan(0);
    for (const host of edges) await agentCheckIn(daemon.url, cookie, host);
    await jobRow(jobId).locator('.map-job-text').filter({ hasText: 'applied by every cache' }).waitFor();
    expect(await page.locator('li.map-cache.applying').count()).toBe(0);
    await browser.screenshot('map-04-applied-1440');
    // All of it without a reload.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
  });

  it('shows a cache the health monitors report unavailable as down, worst first, and back when they see it', async () => {
    const report = async (isAvailable: boolean) => {
      const res = await page.request.post(`${daemon.url}/api/1.3/cdns/cdn1/health/report`, {
        data: { monitor: 'mon1', caches: { mid2: { isAvailable } } },
      });
      expect(res.status()).toBe(200);
    };
    await report(false);
    await tile('mid2').and(page.locator('.map-health-down[data-health="down"]')).waitFor();
    expect(await tile('mid2').locator('.map-state').textContent()).toContain('down (monitors)');
    await report(true);
    await tile('mid2').and(page.locator('[data-health="current"]')).waitFor();
  });

  it('fits 390 and 1920 px without horizontal overflow', async () => {
    for (const width of [390, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${daemon.url}/map`);
      await group('mid-cg').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await hiddenActions(page)).toEqual([]);
      await browser.screenshot(`map-05-${width}`);
    }
  });
});
