import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { portalActions } from './actions.js';
import { launchBrowser, type E2eBrowser } from './browser.js';
import { agentCheckIn, ortCookie, writeCachesSnapshot } from './caches-dataset.js';
import { ADMIN_PASSWORD, startDaemon, type E2eDaemon } from './daemon.js';
import { clippedChartLabels, hiddenActions } from './fit.js';

// Issue 33 item 4 in headless Chromium: Servers, the dashboard and Jobs at 390, 1440 and 1920 px. No page wider
// than the window, every action inside the window (and inside any box that scrolls), one filter row, the first
// rows in view at 390 px, the dashboard's cache counts linking to the filtered Servers list, no clipped chart label.
// Screenshots land in test/portal/e2e/screenshots/ (fit-*.png).

const WIDTHS = [390, 1440, 1920] as const;
const CACHES = 16;

let daemon: E2eDaemon;
let browser: E2eBrowser;
let page: Page;
let ui: ReturnType<typeof portalActions>;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cdnctl-e2e-fit-'));
  daemon = await startDaemon(writeCachesSnapshot(dir));
  browser = await launchBrowser();
  page = browser.page;
  browser.context.setDefaultTimeout(15_000);
  ui = portalActions(browser, daemon.url);
  await ui.logIn('admin', ADMIN_PASSWORD);
  // A job on the Jobs page, with its Cancel button.
  const res = await page.request.post(`${daemon.url}/api/1.3/user/current/jobs`, {
    data: { dsId: 1, regex: '/fit/.*', ttl: 2, startTime: new Date().toISOString() },
  });
  expect(res.status()).toBe(200);
  // Three caches check in with nothing left to do (up to date), one still pending; the rest never checked in.
  const cookie = await ortCookie(daemon.url);
  for (const host of ['mid1', 'edge1a', 'edge1b']) await agentCheckIn(daemon.url, cookie, host);
  await agentCheckIn(daemon.url, cookie, 'edge2a', true);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await daemon?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  expect(browser.problems).toEqual([]);
});

const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Opens `path` at `width` px, waits for `ready`, and checks the page fits: no overflow, no action out of view. */
async function fits(path: string, width: number, ready: () => Promise<void>, name: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${daemon.url}${path}`);
  await ready();
  await page.mouse.move(0, 0);
  await browser.screenshot(`fit-${name}-${width}`);
  await browser.screenshot(`fit-${name}-${width}-window`, false);
  expect(await overflow(), `${name} at ${width} px: page wider than the window`).toBeLessThanOrEqual(0);
  expect(await hiddenActions(page), `${name} at ${width} px: actions out of view`).toEqual([]);
  // The sections' bar shows every section (or folds them behind Menu on a narrow window): none cut off.
  const nav = await page
    .locator('nav[aria-label="Sections"]')
    .evaluate((n) => (n.getBoundingClientRect().width === 0 ? 0 : n.scrollWidth - n.clientWidth));
  expect(nav, `${name} at ${width} px: sections cut off`).toBeLessThanOrEqual(0);
}

const serversGrid = () => page.getByRole('table', { name: 'Servers', exact: true });
const serversReady = async () => {
  await serversGrid().locator('td.sticky-col', { hasText: 'edge-chicago-09' }).waitFor();
};

describe('Servers, Dashboard and Jobs fit 390, 1440 and 1920 px (issue 33 item 4)', () => {
  for (const width of WIDTHS) {
    it(`Servers at ${width} px: one filter row, every row's actions in view, the host column kept`, async () => {
      await fits('/servers', width, serversReady, 'servers');
      // One filter row: the grid's own. No second row of page-level selects.
      expect(await page.locator('main select[id^="filter-"]').count()).toBe(0);
      expect(await page.getByRole('group', { name: 'Servers view' }).count()).toBe(1);
      const menus = serversGrid().locator('td.row-actions summary');
      expect(await menus.count()).toBe(CACHES);
      // No row of primary buttons: the row's operations sit folded in its menu.
      expect(await serversGrid().locator('td.row-actions button:visible').count()).toBe(0);
      if (width === 390) {
        // The first rows come before the filters' controls: those fold behind one button.
        const firstRow = serversGrid().locator('tbody tr').first();
        const top = await firstRow.evaluate((r) => r.getBoundingClientRect().top);
        expect(top, 'first row within the first screen').toBeLessThan(900 - 100);
        expect(await page.locator('.grid-filter select:visible').count()).toBe(0);
        await page.getByRole('button', { name: 'Filters' }).click();
        expect(await page.locator('.grid-filter select:visible').count()).toBeGreaterThanOrEqual(4);
        await page.getByRole('button', { name: 'Filters' }).click();
      } else {
        // The host column stays at the left edge of the table's box when it scrolls to its far end.
        await page.locator('.grid .table-wrap').evaluate((w) => w.scrollTo({ left: w.scrollWidth }));
        const [wrapLeft, hostLeft] = await serversGrid()
          .locator('tbody tr')
          .first()
          .evaluate((r) => [
            r.closest('.table-wrap')?.getBoundingClientRect().left ?? -1,
            r.querySelector('td.sticky-col')?.getBoundingClientRect().left ?? -2,
          ]);
        expect(Math.abs(hostLeft - wrapLeft)).toBeLessThan(2);
        // Every column is reachable: the last check column's cells are in view once scrolled there.
        expect(await hiddenActions(page)).toEqual([]);
      }
      // The status form's Cancel is not the primary action.
      await serversGrid().locator('td.row-actions summary').first().click();
      await serversGrid().getByRole('button', { name: 'Status…' }).first().click();
      const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
      expect(await cancel.getAttribute('class')).toContain('secondary');
      await cancel.click();
    });

    it(`Dashboard at ${width} px: the caches' counts first, each a link to those caches; no clipped label`, async () => {
      await fits(
        '/',
        width,
        async () => {
          await page.getByRole('region', { name: 'Caches' }).waitFor();
          await page.locator('.recharts-bar-rectangle').first().waitFor();
        },
        'dashboard',
      );
      const cards = page.getByRole('region', { name: 'Caches' }).getByRole('link');
      const labels = (await cards.locator('.card-label').allTextContents()).map((t) => t.trim());
      expect(labels).toEqual([
        'Caches up to date',
        'Caches pending (update or revalidation)',
        'Caches overdue (no check-in for 2 intervals)',
        'Caches failing readiness checks',
        'Caches down (health monitors)',
      ]);
      const counts = (await cards.locator('.card-count').allTextContents()).map(Number);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(CACHES);
      expect(await clippedChartLabels(page)).toEqual([]);
    });

    it(`Jobs at ${width} px: the id and each job's Cancel in view`, async () => {
      await fits(
        '/jobs',
        width,
        () => page.getByRole('table').getByRole('row').filter({ hasText: '/fit/' }).waitFor(),
        'jobs',
      );
      const row = page.getByRole('table').getByRole('row').filter({ hasText: '/fit/' });
      expect(await row.getByRole('button', { name: 'Cancel job' }).isVisible()).toBe(true);
    });
  }

  it('a dashboard count leads to the Servers list filtered to those caches', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(daemon.url);
    const overdue = page.getByRole('region', { name: 'Caches' }).getByRole('link', { name: /overdue/ });
    const count = Number(await overdue.locator('.card-count').textContent());
    await overdue.click();
    await serversGrid().waitFor();
    expect(new URL(page.url()).searchParams.get('f.health')).toBe('overdue');
    expect(await serversGrid().locator('tbody tr').count()).toBe(count);
    for (const cell of await serversGrid().locator('tbody td[data-label="Health"]').allTextContents())
      expect(cell).toBe('overdue');
  });
});
