import type { E2eBrowser } from './browser.js';

/** What a person does on the portal, again and again: sign out, log in, open a section, read an alert. */
export function portalActions(browser: E2eBrowser, url: string) {
  const { page } = browser;
  async function signedOut(): Promise<void> {
    await browser.context.clearCookies();
    await page.goto(url);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
  }
  return {
    signedOut,
    async logIn(username: string, password: string): Promise<void> {
      await signedOut();
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Log in' }).click();
      // A login hashes the password (scrypt) on threads of lower priority: with the rest of the suite busy on
      // every core that alone can take seconds, so this wait is longer than the page's other waits.
      await page.getByRole('navigation', { name: 'Sections' }).waitFor({ timeout: 25_000 });
    },
    section: (name: string) =>
      page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true }),
    alert: (text: string | RegExp) => page.locator('.alert').filter({ hasText: text }),
    cardCount: async (label: string) =>
      (await page.locator('.card').filter({ hasText: label }).locator('.card-count').textContent())?.trim(),
  };
}
