import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type E2eBrowser } from './browser.js';
import { startDaemon, type E2eDaemon } from './daemon.js';

// Issue 34: the daemon serves the portal only where it lives. In headless Chromium, a deep link to one of its
// screens still loads the app; a path outside it (ORT's /update/<host>) is the API's JSON 404, never the page.

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

describe('where the portal lives', () => {
  it.each(['/origins', '/profiles/1', '/delivery-services'])('loads the app at its own path %s', async (path) => {
    await browser.context.clearCookies();
    const response = await browser.page.goto(`${daemon.url}${path}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await browser.page.getByLabel('Username').waitFor({ state: 'visible', timeout: 5000 });
    expect(browser.problems).toEqual([]);
  });

  it.each(['/nowhere', '/ort/edge1a/nothing', '/update'])('answers %s with the JSON 404', async (path) => {
    const response = await browser.page.goto(`${daemon.url}${path}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toMatch(/^application\/json/);
    expect(await response?.json()).toEqual({
      alerts: [{ text: `The requested path '${path}' does not exist.`, level: 'error' }],
    });
  });

  it.each(['/update/edge1a', '/ort/edge1a/packages'])(
    "answers ORT's %s in JSON (401 without a session)",
    async (path) => {
      await browser.context.clearCookies();
      const response = await browser.page.goto(`${daemon.url}${path}`, { waitUntil: 'load' });
      expect(response?.status()).toBe(401);
      expect(response?.headers()['content-type']).toMatch(/^application\/json/);
      expect(((await response?.json()) as { alerts: Array<{ level: string }> } | undefined)?.alerts[0].level).toBe(
        'error',
      );
    },
  );
});
