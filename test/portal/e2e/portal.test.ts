import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { portalActions } from './actions.js';
import { SCREENSHOTS, launchBrowser, type E2eBrowser } from './browser.js';
import { ADMIN_PASSWORD, startDaemon, tokenLinkFromOutbox, type E2eDaemon } from './daemon.js';

// The portal in headless Chromium against a real daemon (built CLI, golden snapshot imported). Each flow starts
// signed out; screenshots of every screen land in test/portal/e2e/screenshots/ for review.

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
  // No CSP violation, no uncaught script error, on any screen of the flow.
  expect(browser.problems).toEqual([]);
});

describe('the portal in a browser', () => {
  it('loads from the local daemon in well under three seconds, with its strict CSP', async () => {
    await browser.context.clearCookies();
    const response = await page.goto(daemon.url, { waitUntil: 'load' });
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    // The first animation frame that shows the login button: the page is usable from then on.
    const shown = await page.waitForFunction(
      () => (document.querySelector('.auth-card button') ? performance.now() : 0),
      null,
      { polling: 'raf' },
    );
    const loginFormMs = Math.round(Number(await shown.jsonValue()));
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { loadMs: Math.round(nav.loadEventEnd - nav.startTime) };
    });
    await page.reload({ waitUntil: 'load' });
    const warmLoadMs = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return Math.round(nav.loadEventEnd - nav.startTime);
    });
    writeFileSync(
      join(SCREENSHOTS, 'timing.json'),
      `${JSON.stringify({ ...timing, loginFormMs, warmLoadMs }, null, 2)}\n`,
    );
    console.log(`portal load: ${timing.loadMs} ms cold (login form after ${loginFormMs} ms), ${warmLoadMs} ms warm`);
    expect(timing.loadMs).toBeLessThan(3000);
    expect(loginFormMs).toBeLessThan(3000);
    expect(warmLoadMs).toBeLessThan(3000);
    // After the reload the app renders the form again (React renders after the load event): wait for it, 3 s at most.
    await page.getByLabel('Username').waitFor({ state: 'visible', timeout: 3000 });
    await browser.screenshot('01-login');
  });

  it('refuses a wrong password with the API text and logs in with the right one', async () => {
    await ui.signedOut();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await ui.alert('Invalid username or password.').waitFor();
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await ui.alert('Successfully logged in.').waitFor();
    await page.getByRole('heading', { name: 'Welcome, Admin User' }).waitFor();
    await page.locator('.card-count').filter({ hasNotText: '…' }).nth(5).waitFor();
    expect(await ui.cardCount('Delivery services')).toBe('3');
    expect(await ui.cardCount('Origins')).toBe('3');
    expect(await ui.cardCount('Federations')).toBe('1');
    expect(await ui.cardCount('Users')).toMatch(/^\d+$/);
    await browser.screenshot('02-home');
  });

  it('lists the delivery services', async () => {
    await ui.logIn('admin', ADMIN_PASSWORD);
    await ui.section('Delivery services').click();
    await page.getByRole('heading', { name: 'Delivery services' }).waitFor();
    for (const xmlId of ['ds1', 'ds2', 'ds3']) await page.getByRole('cell', { name: xmlId, exact: true }).waitFor();
    expect(page.url()).toBe(`${daemon.url}/delivery-services`);
    await browser.screenshot('03-delivery-services');
  });

  it('lists and filters origins, creates one, and deletes it once its name is typed', async () => {
    await ui.logIn('admin', ADMIN_PASSWORD);
    await ui.section('Origins').click();
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    await browser.screenshot('04-origins');

    await page.getByLabel('Filter by delivery service').selectOption({ label: 'ds2' });
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('cell', { name: 'http://ds2-origin.example.test' }).waitFor();
    await page.getByLabel('Filter by delivery service').selectOption({ label: 'Any delivery service' });
    await expect.poll(() => rows.count()).toBe(3);

    await page.getByRole('button', { name: 'Create origin' }).click();
    const form = page.getByRole('form', { name: 'New origin' });
    await form.getByLabel('Name', { exact: true }).fill('e2e-backup');
    await form.getByLabel('Delivery service', { exact: true }).selectOption({ label: 'ds1' });
    await form.getByLabel('FQDN').fill('not a host');
    // The daemon's own rule, checked as it is typed, at the field.
    await form.locator('.field-error').filter({ hasText: 'must be a valid DNS name' }).waitFor();
    expect(await form.getByLabel('FQDN').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('FQDN').fill('backup.example.test');
    await form.getByLabel('Port').fill('8080');
    await browser.screenshot('05-origin-create');
    await form.getByRole('button', { name: 'Create origin' }).click();
    await ui.alert('origin was created.').waitFor();
    await page.getByRole('cell', { name: 'http://backup.example.test:8080' }).waitFor();
    await expect.poll(() => rows.count()).toBe(4);

    await page.getByRole('button', { name: 'Delete e2e-backup' }).click();
    const confirm = page.getByRole('form', { name: 'Delete origin' });
    const deleteButton = confirm.getByRole('button', { name: 'Delete origin' });
    expect(await deleteButton.isDisabled()).toBe(true);
    await confirm.getByLabel('Name to delete').fill('e2e-backu');
    expect(await deleteButton.isDisabled()).toBe(true);
    await confirm.getByLabel('Name to delete').fill('e2e-backup');
    await browser.screenshot('06-origin-delete-confirm');
    await deleteButton.click();
    await ui.alert('origin was deleted.').waitFor();
    await expect.poll(() => rows.count()).toBe(3);
  });

  it('checks the regex live, warns about matching everything, submits a purge and lists the job', async () => {
    await ui.logIn('admin', ADMIN_PASSWORD);
    await ui.section('Purge').click();
    const form = page.getByRole('form', { name: 'Purge request' });
    await form.getByLabel('Delivery service', { exact: true }).selectOption({ label: 'ds1 — DS One' });
    await form.getByText('From 1 to 2160 hours (90 days) at most.').waitFor();
    const regex = form.getByLabel('Regex');
    await regex.fill('images/');
    await form.locator('.field-error').filter({ hasText: "must start with '/'" }).waitFor();
    await regex.fill('/images/(');
    await form.locator('.field-error').filter({ hasText: 'is not a valid regular expression' }).waitFor();
    expect(await regex.getAttribute('aria-invalid')).toBe('true');
    await regex.fill('/.*');
    await form.getByText('This matches every path').waitFor();
    await browser.screenshot('07-purge-warning');

    await regex.fill('/images/.*\\.png');
    await form.getByText('Valid regex.').waitFor();
    await form.getByLabel('TTL (hours)').fill('48');
    await form.getByRole('button', { name: 'Submit purge' }).click();
    await ui
      .alert(
        'Invalidate content request submitted for ds1 [ http://ds1-origin.example.test/images/.*\\.png - TTL:48h ]',
      )
      .waitFor();
    const job = page.getByRole('row', { name: /http:\/\/ds1-origin\.example\.test\/images\/\.\*\\\.png/ });
    await job.waitFor();
    expect(await job.textContent()).toMatch(/48 h.*(1d 23h|2d 0h) left/);
    await browser.screenshot('08-purge-submitted');

    await ui.section('Jobs').click();
    await page.getByRole('heading', { name: 'Jobs' }).waitFor();
    await page.getByRole('row', { name: /ds1.*TTL|ds1.*48 h/ }).waitFor();
    await browser.screenshot('09-jobs');
  });

  it('asks for the xmlId typed before a match-everything purge (as the CLI and Ink do), then shows the API warning', async () => {
    await ui.logIn('admin', ADMIN_PASSWORD);
    await ui.section('Purge').click();
    const form = page.getByRole('form', { name: 'Purge request' });
    await form.getByLabel('Delivery service', { exact: true }).selectOption({ label: 'ds2 — DS Two' });
    await form.getByLabel('Regex').fill('/.*');
    await form.getByRole('button', { name: 'Submit purge' }).click();
    const confirm = page.getByRole('form', { name: 'Purge everything of ds2' });
    await confirm
      .getByText('the regex "/.*" matches every path: it revalidates ALL content of ds2 and may overload its origin')
      .waitFor();
    const send = confirm.getByRole('button', { name: 'Purge everything' });
    expect(await send.isDisabled()).toBe(true);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('form', { name: 'Purge everything of ds2' }).count()).toBe(0);
    expect(await page.locator('.alert-success').count()).toBe(0);
    await form.getByRole('button', { name: 'Submit purge' }).click();
    await confirm.getByLabel('Type "ds2" to purge everything of it').fill('ds2');
    await send.click();
    await page.locator('.alert-warning').waitFor();
    await ui.alert(/^Invalidate content request submitted for ds2/).waitFor();
  });

  it('registers a user, who completes the registration through the mailed token link', async () => {
    await ui.logIn('admin', ADMIN_PASSWORD);
    await ui.section('Users').click();
    await page.getByRole('cell', { name: 'ro_user', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Register user' }).click();
    const form = page.getByRole('form', { name: 'Register a user' });
    await form.getByLabel('Email').fill('e2e.new@example.test');
    await form.getByLabel('Role').selectOption({ label: 'read-only' });
    await form.getByLabel('Tenant').selectOption({ label: 'root' });
    await form.getByRole('button', { name: 'Send registration' }).click();
    await ui
      .alert(
        'Sent user registration to e2e.new@example.test with the following permissions [ role: read-only | tenant: root ]',
      )
      .waitFor();
    await page.getByRole('row', { name: /e2e\.new@example\.test.*registration pending/ }).waitFor();
    await browser.screenshot('10-users-registered');

    const link = await tokenLinkFromOutbox(daemon.dataDir, 'e2e.new@example.test');
    expect(link.startsWith(`${daemon.url}/#!/user?token=`)).toBe(true);
    await browser.context.clearCookies();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Complete your registration' }).waitFor();
    expect(page.url()).toBe(`${daemon.url}/`);
    await page.getByLabel('Username').fill('e2e_new');
    await page.getByLabel('Full name').fill('E2E Newcomer');
    await page.getByLabel('New password').fill('Fr3shStart!2026');
    await page.getByLabel('Confirm password').fill('Fr3shStart!2026');
    await browser.screenshot('11-complete-registration');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await ui.alert('User profile was successfully updated').waitFor();
    await page.getByRole('heading', { name: 'Welcome, E2E Newcomer' }).waitFor();
    await browser.screenshot('12-registered-home');

    // The link was single-use; the chosen password now works.
    await browser.context.clearCookies();
    await page.goto(link);
    await ui.alert('Invalid token. Please contact your administrator.').waitFor();
    await ui.logIn('e2e_new', 'Fr3shStart!2026');
    await page.getByRole('heading', { name: 'Welcome, E2E Newcomer' }).waitFor();
  });

  it('sets a new password through a ?token= link from a reset mail', async () => {
    await browser.context.clearCookies();
    const reset = await page.request.post(`${daemon.url}/api/1.3/user/reset_password`, {
      data: { email: 'ops@example.test' },
    });
    expect(reset.status()).toBe(200);
    const token = new URL(
      (await tokenLinkFromOutbox(daemon.dataDir, 'ops@example.test')).replace('#!/user?', '?'),
    ).searchParams.get('token');
    await page.goto(`${daemon.url}/?token=${encodeURIComponent(token ?? '')}`);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe('ops_user');
    await page.getByLabel('New password').fill('0psReset!Passw0rd');
    await page.getByLabel('Confirm password').fill('0psReset!Passw0rd');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { name: 'Welcome, Ops User' }).waitFor();
    await ui.logIn('ops_user', '0psReset!Passw0rd');
  });

  it('assigns a user to a federation and removes them again', async () => {
    await ui.logIn('admin', ADMIN_PASSWORD);
    await ui.section('Federations').click();
    await page.getByRole('link', { name: 'fed1.example.test.' }).click();
    await page.getByRole('heading', { name: 'fed1.example.test.' }).waitFor();
    await page.getByLabel('User to assign').selectOption({ label: 'ops_user (Ops User)' });
    await page.getByRole('button', { name: 'Assign user' }).click();
    await ui.alert('1 user(s) were assigned to the fed1.example.test. federation').waitFor();
    await page.getByRole('cell', { name: 'ops_user', exact: true }).waitFor();
    await browser.screenshot('13-federation');
    await page.getByRole('button', { name: 'Remove ops_user' }).click();
    await ui.alert('Removed user [ ops_user ] from federation [ fed1.example.test. ]').waitFor();
    await page.getByText('No users are assigned to this federation.').waitFor();
  });

  it('lists profiles and shows one in detail', async () => {
    await ui.logIn('admin', ADMIN_PASSWORD);
    await ui.section('Profiles').click();
    await page.getByRole('cell', { name: 'Global Traffic Ops profile' }).waitFor();
    await browser.screenshot('14-profiles');
    await page.getByRole('link', { name: 'GLOBAL', exact: true }).click();
    await page.getByRole('heading', { name: 'GLOBAL' }).waitFor();
    await page.getByText('Global Traffic Ops profile').waitFor();
    expect(page.url()).toMatch(/\/profiles\/\d+$/);
    await browser.screenshot('15-profile-detail');
  });

  it('edits my profile and changes my password', { timeout: 90_000 }, async () => {
    await ui.logIn('e2e_new', 'Fr3shStart!2026');
    await page.getByRole('link', { name: 'e2e_new' }).click();
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    await page.getByLabel('Company').fill('Example Co');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await ui.alert('User profile was successfully updated').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    // The daemon's quality rule, at the field, before anything is sent.
    await page.locator('.field-error').filter({ hasText: 'Password must be greater than 7 characters.' }).waitFor();
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await page.getByLabel('New password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await browser.screenshot('16-my-profile');
    await page.getByLabel('New password', { exact: true }).fill('An0therFresh!Pass');
    await page.getByLabel('Confirm new password').fill('An0therFresh!Pass');
    await page.getByRole('button', { name: 'Change password' }).click();
    // The profile's success alert is still up: the change is done when the form has emptied itself.
    await expect
      .poll(() => page.getByLabel('New password', { exact: true }).inputValue(), { timeout: 25_000 })
      .toBe('');
    await ui.alert('User profile was successfully updated').waitFor();
    await ui.logIn('e2e_new', 'An0therFresh!Pass');
  });

  it('shows a read-only user no write buttons', async () => {
    await ui.logIn('ro_user', 'R3adOnlyPassw0rd');
    await ui.section('Origins').click();
    await page.getByRole('cell', { name: 'http://ds1-origin.example.test' }).waitFor();
    expect(await page.getByRole('button', { name: /Create origin|Edit|Delete/ }).count()).toBe(0);
    await browser.screenshot('17-read-only-origins');
    await ui.section('Users').click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    expect(await page.getByRole('button', { name: /Create user|Register user/ }).count()).toBe(0);
    await ui.section('Purge').click();
    await page.getByText('Your role can see jobs but cannot submit purges.').waitFor();
    expect(await page.getByRole('button', { name: 'Submit purge' }).count()).toBe(0);
  });

  it('logs out, after which the old session no longer works', async () => {
    await ui.logIn('admin', ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log out' }).click();
    await ui.alert('You are logged out.').waitFor();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await browser.screenshot('18-logged-out');
    const after = await page.request.get(`${daemon.url}/api/1.3/user/current`);
    expect(after.status()).toBe(401);
  });
});
