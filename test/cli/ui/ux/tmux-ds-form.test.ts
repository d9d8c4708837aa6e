// The real cdnctl ui in a real 80×24 terminal (tmux) against a real daemon (issue 31): a delivery service created
// on the Ink form, its sections scrolling into view, every screen within the terminal, and the API stores it.
import { afterAll, describe, expect, it } from 'vitest';
import { openSignedInUi, type Terminal } from '../helpers/tmux.js';
import { useCliDaemon } from '../../../helpers/cli-daemon.js';
import { DS_FORM_GROUPS } from '../../../../cli/ui/screens/deliveryservices/ds-form.js';

const { daemon, cli } = useCliDaemon({ login: 'admin' });
let terminal: Terminal | undefined;
afterAll(() => terminal?.close());

/** The create form's labels, in order (Tab walks them). */
const LABELS = DS_FORM_GROUPS.flatMap((g) => g.fields.map((f) => f.label));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The cursor on a field: `› <label>` at the start of a line. */
const focusOn = (label: string) => new RegExp(`^› ${escape(label)}\\s`, 'm');

function expectFits(screen: string) {
  const lines = screen.replace(/\n$/, '').split('\n');
  expect(lines.length).toBeLessThanOrEqual(24);
  for (const line of lines) expect(line.trimEnd().length, line).toBeLessThanOrEqual(80);
}

describe('cdnctl ui at 80×24: the delivery-service form', () => {
  it('creates a delivery service through every section of the form', async () => {
    terminal = await openSignedInUi(daemon, 80, 24);
    const t = terminal;
    // The first entry of the home menu.
    await t.waitFor('› Delivery services');
    t.press('Enter');
    await t.waitFor(/ds1/);
    t.press('n');
    expectFits(await t.waitFor('New delivery service'));
    /** Moves to the next field and waits until the cursor is on it. */
    let at = 0;
    const next = async () => {
      at += 1;
      t.press('Tab');
      return t.waitFor(focusOn(LABELS[at]));
    };
    const choose = async (filter: string) => {
      t.type(filter);
      await t.waitFor(`type to filter: ${filter}`);
      t.press('Enter');
      at += 1;
      await t.waitFor(focusOn(LABELS[at]));
    };
    t.type('tmux-ds');
    await next();
    t.type('Tmux DS');
    await next();
    await choose('HTTP');
    await choose('cdn1');
    await choose('root');
    while (LABELS[at] !== 'Origin URL') await next();
    const origin = await t.waitFor('── Origin');
    expect(origin).not.toContain('── Routing');
    expectFits(origin);
    t.type('http://tmux-origin.example.test:8080');
    while (LABELS[at] !== 'Edge header rewrite') await next();
    t.type('set-header X-Tmux 1');
    await t.waitFor('X-Tmux 1');
    while (at < LABELS.length - 1) await next();
    expectFits(await t.waitFor('── Security'));
    t.press('Enter');
    await t.waitFor('Delivery service tmux-ds created.');
    const got = await cli.run(['ds', 'get', 'tmux-ds', '-o', 'json']);
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toContain('"orgServerFqdn": "http://tmux-origin.example.test:8080"');
    expect(got.stdout).toContain('"edgeHeaderRewrite": "set-header X-Tmux 1"');
    t.type('q');
  }, 120_000);
});
