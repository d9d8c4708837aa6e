import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium (scripts/ensure-system-packages.sh installs it); playwright cannot download browsers here. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

export interface E2eBrowser {
  context: BrowserContext;
  page: Page;
  /** Console errors and CSP violations the pages reported. */
  problems: string[];
  /** Saves `<name>.png`: the whole page, or with `fullPage` false what the window shows. */
  screenshot(name: string, fullPage?: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile, one page, and a record of what the page complained about. */
export async function launchBrowser(): Promise<E2eBrowser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/ensure-system-packages.sh as root`);
  const profile = mkdtempSync(join(tmpdir(), 'cdnctl-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1280, height: 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    context,
    page,
    problems,
    async screenshot(name, fullPage = true) {
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
