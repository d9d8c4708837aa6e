import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTlsFixtures } from '../../daemon/vault/tls-fixtures.js';
import { portalActions } from './actions.js';
import { launchBrowser, type E2eBrowser } from './browser.js';
import { ADMIN_PASSWORD, startDaemon, type E2eDaemon } from './daemon.js';

// The key pages in headless Chromium against a real daemon: keys are created, generated and replaced through the
// portal, then read back through the API, and the page's DOM (markup and every field's value) is searched for them.

const HOST = 'ds1.cdn1.example.test';
const fx = makeTlsFixtures(HOST);
const URI_SECRET = 'dXJpLXNpZ25pbmctc2VjcmV0LXZhbHVlLTQyNDI0Mg';
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

/** Everything the page holds: its markup, and the value of every field (which markup does not show). */
const domText = () =>
  page.evaluate(() => {
    const fields = [...document.querySelectorAll('input, textarea, select')] as (
      HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
    )[];
    return `${document.documentElement.outerHTML}\n${fields.map((f) => f.value).join('\n')}`;
  });
/** The body lines of a PEM private key: what would show if any of it were rendered. */
const keyLines = (pem: string) => pem.split('\n').filter((l) => l && !l.startsWith('-----'));
const apiGet = async (path: string) => (await page.request.get(`${daemon.url}/api/1.3${path}`)).json();

async function expectNoSecrets(secrets: string[]) {
  const text = await domText();
  for (const secret of secrets)
    expect(text.includes(secret), `the page shows a secret (${secret.slice(0, 6)}…)`).toBe(false);
  expect(text).not.toContain('PRIVATE KEY');
}

describe('the key pages never render a secret', () => {
  it('generates URL-signing keys, stores a URI key set and adds certificates, showing only names, ids, fingerprints and expiry', async () => {
    await ui.logIn('admin', ADMIN_PASSWORD);
    await page.goto(`${daemon.url}/keys/ds1`);
    await page.getByRole('heading', { name: 'Keys of ds1' }).waitFor();

    await page.getByRole('button', { name: 'Generate keys' }).click();
    await ui.alert('Successfully generated and stored keys').waitFor();
    await page.getByText('16 keys').waitFor();

    const uri = page.getByRole('form', { name: 'URI signing keys' });
    await uri.getByLabel('New key set (JSON)').fill(
      JSON.stringify({
        'issuer-1': { renewal_kid: 'kid-a', keys: [{ alg: 'HS256', kid: 'kid-a', kty: 'oct', k: URI_SECRET }] },
      }),
    );
    await uri.getByRole('button', { name: 'Store key set' }).click();
    await uri
      .getByText(/kid-a \(HS256\)/)
      .first()
      .waitFor();

    const add = page.getByRole('form', { name: 'Add a certificate' });
    await page.getByLabel('Host name', { exact: true }).fill(HOST);
    await add.getByLabel('Certificate chain (PEM, leaf first)').fill(fx.soonLeaf + fx.intermediate);
    await add.getByLabel('Private key (PEM)').fill(fx.soonKey);
    await add.getByLabel('Certificate request (PEM)').fill(fx.csr);
    await add.getByRole('button', { name: 'Add (version 1)' }).click();
    await ui.alert('Successfully added ssl keys for ds1 (version 1)').waitFor();
    await page.locator('.badge-expiring').first().waitFor();

    const generate = page.getByRole('form', { name: 'Generate a self-signed certificate' });
    for (const [label, value] of [
      ['Country (two letters)', 'US'],
      ['State or province', 'CO'],
      ['City', 'Denver'],
      ['Organization', 'Example'],
      ['Business unit', 'CDN'],
    ]) {
      await generate.getByLabel(label).fill(value);
    }
    await generate.getByRole('button', { name: 'Generate (version 2)' }).click();
    await ui.alert('Successfully created ssl keys for ds1 (version 2)').waitFor();
    await browser.screenshot('keys-ds1');

    // The secrets, as only the API gives them (to an admin):
    const urlKeys = Object.values(
      (await apiGet('/deliveryservices/xmlId/ds1/urlkeys')).response as Record<string, string>,
    );
    expect(urlKeys).toHaveLength(16);
    const generated = (await apiGet('/deliveryservices/xmlId/ds1/sslkeys?decode=1')).response as {
      certificate: { key: string };
    };
    const secrets = [...urlKeys, URI_SECRET, ...keyLines(fx.soonKey), ...keyLines(generated.certificate.key)];
    await expectNoSecrets(secrets);
    const fingerprint = (await apiGet('/keys/summary?xmlId=ds1')).response[0].sslKeys[1].fingerprint as string;
    expect(await domText()).toContain(fingerprint);

    await page.goto(`${daemon.url}/keys`);
    await page.getByRole('heading', { name: 'Keys and certificates' }).waitFor();
    await page.getByText('16 keys').waitFor();
    await expectNoSecrets(secrets);

    // Version 2 (self-signed, 365 days) is ds1's newest: the delivery-service page flags nothing for ds1.
    await ui.section('Delivery services').click();
    await page.getByRole('link', { name: 'Keys and certificates' }).waitFor();
    expect(await page.getByText('The certificate of ds1').count()).toBe(0);
    await expectNoSecrets(secrets);
  });

  it('flags an expiring newest certificate on the delivery-service page', async () => {
    await page.goto(`${daemon.url}/keys/ds3`);
    await page.getByRole('heading', { name: 'Keys of ds3' }).waitFor();
    await page.getByLabel('Host name', { exact: true }).fill(HOST);
    const add = page.getByRole('form', { name: 'Add a certificate' });
    await add.getByLabel('Certificate chain (PEM, leaf first)').fill(fx.soonLeaf + fx.intermediate);
    await add.getByLabel('Private key (PEM)').fill(fx.soonKey);
    await add.getByLabel('Certificate request (PEM)').fill(fx.csr);
    await add.getByRole('button', { name: 'Add (version 1)' }).click();
    await ui.alert('Successfully added ssl keys for ds3 (version 1)').waitFor();
    expect(await add.getByLabel('Private key (PEM)').inputValue()).toBe('');
    await ui.section('Delivery services').click();
    await page
      .getByLabel('Expiring certificates')
      .getByText(/The certificate of ds3 \(ds1\.cdn1\.example\.test\) expires in \d+ days/)
      .waitFor();
    await browser.screenshot('keys-expiring');
    await expectNoSecrets(keyLines(fx.soonKey));
  });

  it('offers no key pages to an operations user: the API refuses them', async () => {
    await ui.logIn('ops_user', '0psUserPassw0rd');
    await ui.section('Delivery services').click();
    await page.getByRole('heading', { name: 'Delivery services' }).waitFor();
    expect(await page.getByRole('link', { name: 'Keys and certificates' }).count()).toBe(0);
    await page.goto(`${daemon.url}/keys/ds1`);
    await ui.alert('Forbidden.').first().waitFor();
  });
});
