import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { OriginsScreen, type OriginsScreenProps } from '../../../../cli/ui/screens/origins/OriginsScreen.js';
import type { Origin, OriginBody } from '../../../../cli/ui/types.js';
import { deferred, deliveryServices, origin, origins } from '../helpers/fixtures.js';
import { KEY, press, type, waitForFrame } from '../helpers/ink.js';

const CLEAR = '\u0015'; // Ctrl+U empties a text field

function setup(overrides: Partial<OriginsScreenProps> = {}) {
  const props: OriginsScreenProps = {
    listOrigins: vi.fn(async () => origins),
    listDeliveryServices: vi.fn(async () => deliveryServices),
    createOrigin: vi.fn(async (body: OriginBody) => origin({ id: 9, ...body, deliveryService: 'ds2' })),
    updateOrigin: vi.fn(async (id: number, body: OriginBody) => origin({ id, ...body })),
    deleteOrigin: vi.fn(async () => ({ alerts: [{ level: 'success', text: 'origin was deleted.' }] })),
    onBack: vi.fn(),
    onQuit: vi.fn(),
    width: 110,
    ...overrides,
  };
  const view = render(<OriginsScreen {...props} />);
  return {
    ...view,
    props,
    frame: () => view.lastFrame() ?? '',
    wait: (check: string) => waitForFrame(view.lastFrame, check),
  };
}

afterEach(cleanup);

describe('Origins screen', () => {
  it('shows a spinner, then a table with primary origins marked', async () => {
    const list = deferred<Origin[]>();
    const view = setup({ listOrigins: vi.fn(() => list.promise) });
    expect(view.frame()).toContain('Loading origins');
    list.resolve(origins);
    const frame = await view.wait('media-2');
    expect(frame).toMatch(/ID\s+Name\s+Delivery service\s+FQDN/);
    expect(frame).toContain('★ ds1');
    expect(frame).toContain('★ ds2');
    expect(frame).not.toContain('★ media-2');
    expect(frame).toContain('(3 of 3)');
    expect(view.props.listOrigins).toHaveBeenCalledWith({});
  });

  it('fits the table to a narrow width by shrinking and dropping columns', async () => {
    const view = setup({ width: 60 });
    const frame = await view.wait('media-2');
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
    expect(frame).not.toContain('Cache group');
  });

  it('filters by text with /, and asks the server for primary-only and per-delivery-service lists', async () => {
    const view = setup();
    await view.wait('media-2');
    await press(view.stdin, '/');
    await type(view.stdin, 'media');
    expect(view.frame()).toContain('(1 of 3)');
    expect(view.frame()).not.toContain('★ ds1');
    await press(view.stdin, KEY.esc, 'p');
    await view.wait('primary only');
    expect(view.props.listOrigins).toHaveBeenLastCalledWith({ primary: true });
    await press(view.stdin, 'p');
    await view.wait('non-primary only');
    expect(view.props.listOrigins).toHaveBeenLastCalledWith({ primary: false });
    await press(view.stdin, 's');
    await view.wait('DS Two');
    await press(view.stdin, 'j', KEY.enter);
    await view.wait('delivery service ds2');
    expect(view.props.listOrigins).toHaveBeenLastCalledWith({ primary: false, deliveryservice: 2 });
    await press(view.stdin, 'c');
    await view.wait('all origins');
    expect(view.props.listOrigins).toHaveBeenLastCalledWith({});
  });

  it('opens the details with Enter and goes back to the same row with Esc', async () => {
    const view = setup();
    await view.wait('media-2');
    await press(view.stdin, KEY.down, KEY.enter);
    const frame = await view.wait('Last updated');
    expect(frame).toContain('Origins › media-2');
    expect(frame).toContain('org-cg1 (4)');
    expect(frame).toContain('8080');
    await press(view.stdin, KEY.esc);
    expect(await view.wait('(3 of 3)')).toContain('› ');
    expect(view.frame()).toMatch(/› +2 +media-2/);
    await press(view.stdin, KEY.esc);
    expect(view.props.onBack).toHaveBeenCalled();
  });

  it('validates the create form as the API does and sends the body with ids', async () => {
    const view = setup();
    await view.wait('media-2');
    await press(view.stdin, 'n');
    await view.wait('New origin');
    await type(view.stdin, 'bad name');
    // The delivery service and the protocol are picked from lists: left unpicked here.
    await press(view.stdin, KEY.tab, KEY.tab);
    await type(view.stdin, '10.0.0.1');
    await press(view.stdin, KEY.tab, KEY.tab);
    await type(view.stdin, '70000');
    await press(view.stdin, KEY.tab);
    await type(view.stdin, '1.2.3');
    await press(view.stdin, KEY.tab);
    await type(view.stdin, 'zz::1::2');
    await press(view.stdin, KEY.tab);
    const frame = view.frame();
    expect(frame).toContain('✗ cannot contain spaces');
    expect(frame).toContain('✗ must be a valid DNS name');
    expect(frame).toContain('✗ must be a valid integer between 1 and 65535');
    expect(frame).toContain('✗ must be a valid IPv4 address');
    expect(frame).toContain('✗ must be a valid IPv6 address');
    await press(view.stdin, KEY.up, KEY.up, KEY.up, KEY.up, KEY.up, KEY.up, KEY.up, CLEAR);
    await type(view.stdin, 'media-3');
    // A picker: Space opens it, typing filters it, Enter picks and moves on.
    await press(view.stdin, KEY.tab, KEY.space);
    await view.wait('type to filter');
    await type(view.stdin, 'ds2');
    await press(view.stdin, KEY.enter, CLEAR);
    await type(view.stdin, 'media3.example.test');
    await press(view.stdin, KEY.tab, KEY.space);
    await type(view.stdin, 'https');
    await press(view.stdin, KEY.enter, CLEAR);
    await type(view.stdin, '443');
    await press(view.stdin, KEY.tab, CLEAR, KEY.tab, CLEAR);
    await type(view.stdin, '2001:db8::1');
    // The cache group is picked by name from those the origins use.
    await press(view.stdin, KEY.tab, KEY.space);
    await type(view.stdin, 'org');
    await press(view.stdin, KEY.enter);
    expect(view.frame()).toContain('org-cg1 (id 4)');
    expect(view.frame()).not.toContain('✗');
    await press(view.stdin, KEY.enter, KEY.enter, KEY.enter);
    await view.wait('origin media-3 was created.');
    expect(view.props.createOrigin).toHaveBeenCalledWith({
      name: 'media-3',
      fqdn: 'media3.example.test',
      protocol: 'https',
      deliveryServiceId: 2,
      port: 443,
      ip6Address: '2001:db8::1',
      cachegroupId: 4,
    });
  });

  it('submits with Enter through empty optional list fields (cache group … tenant): no picker opens (issue 33 item 5)', async () => {
    const view = setup({ listTenants: async () => [{ id: 1, name: 'tenant-a' }] });
    await view.wait('media-2');
    await press(view.stdin, 'n');
    await view.wait('New origin');
    await type(view.stdin, 'media-4');
    await press(view.stdin, KEY.tab, KEY.space);
    await view.wait('type to filter');
    await type(view.stdin, 'ds2');
    await press(view.stdin, KEY.enter);
    await type(view.stdin, 'media4.example.test');
    await press(view.stdin, KEY.tab, KEY.space);
    await type(view.stdin, 'http');
    await press(view.stdin, KEY.enter);
    await view.wait('Tenant');
    // Port, IPv4, IPv6, then the list fields left empty: Enter moves on, and on the last (Tenant) it submits.
    for (let i = 0; i < 7; i++) {
      await press(view.stdin, KEY.enter);
      expect(view.frame()).not.toContain('type to filter');
    }
    await view.wait('origin media-4 was created.');
    expect(view.props.createOrigin).toHaveBeenCalledWith({
      name: 'media-4',
      fqdn: 'media4.example.test',
      protocol: 'http',
      deliveryServiceId: 2,
    });
  });

  it('d on a primary origin in its detail view says at once why it cannot be deleted (issue 33 item 5)', async () => {
    const view = setup();
    await view.wait('media-2');
    await press(view.stdin, KEY.enter);
    await view.wait('primary (cannot be deleted)');
    await press(view.stdin, 'd');
    const frame = await view.wait('cannot delete a primary origin');
    expect(frame).toMatch(/made from\s+ds1's origin\s+URL/);
    expect(view.props.deleteOrigin).not.toHaveBeenCalled();
  });

  it('keeps the form and shows the API error in a box when the create is refused', async () => {
    const createOrigin = vi.fn(async () => {
      throw new Error("origin name 'media-2' already exists.");
    });
    const view = setup({ createOrigin });
    await view.wait('media-2');
    await press(view.stdin, 'n');
    await type(view.stdin, 'media-2');
    await press(view.stdin, KEY.tab, KEY.enter);
    await type(view.stdin, 'ds1');
    await press(view.stdin, KEY.enter);
    await type(view.stdin, 'm.example.test');
    // Enter walks the fields; on the empty cache-group picker it opens the list and a second Enter picks "(none)".
    await press(view.stdin, ...Array(10).fill(KEY.enter));
    const frame = await view.wait('The server refused the origin');
    expect(frame).toContain("origin name 'media-2' already exists.");
    expect(frame).toContain('New origin');
    expect(frame).toContain('m.example.test');
  });

  it('edits an origin with its current values filled in', async () => {
    const view = setup();
    await view.wait('media-2');
    await press(view.stdin, 'j', 'e');
    const frame = await view.wait('Edit origin media-2');
    expect(frame).toContain('media2.example.test');
    await press(view.stdin, KEY.tab, KEY.tab, KEY.tab, KEY.tab, CLEAR);
    await type(view.stdin, '8081');
    await press(view.stdin, ...Array(7).fill(KEY.enter));
    await view.wait('origin media-2 was updated.');
    expect(view.props.updateOrigin).toHaveBeenCalledWith(
      2,
      expect.objectContaining({ name: 'media-2', port: 8081, deliveryServiceId: 1, cachegroupId: 4 }),
    );
  });

  it('keeps a primary origin on its delivery service when edited', async () => {
    const view = setup();
    await view.wait('media-2');
    await press(view.stdin, 'e');
    await view.wait('Edit origin ds1');
    expect(view.frame()).toContain('★ The primary origin');
    await press(view.stdin, KEY.tab, KEY.space);
    await type(view.stdin, 'ds2');
    await press(view.stdin, KEY.enter);
    expect(view.frame()).toContain('✗ cannot update the delivery service of a primary origin');
  });

  it('deletes only after the name is typed', async () => {
    const view = setup();
    await view.wait('media-2');
    await press(view.stdin, 'j', 'd');
    await view.wait('Type media-2 to confirm');
    await type(view.stdin, 'media');
    await press(view.stdin, KEY.enter);
    expect(view.frame()).toContain('That is not "media-2"');
    expect(view.props.deleteOrigin).not.toHaveBeenCalled();
    await type(view.stdin, '-2');
    await press(view.stdin, KEY.enter);
    await view.wait('origin was deleted.');
    expect(view.props.deleteOrigin).toHaveBeenCalledWith(2);
    expect(view.props.listOrigins).toHaveBeenCalledTimes(2);
  });

  it('protects primary origins from delete without asking', async () => {
    const view = setup();
    await view.wait('media-2');
    await press(view.stdin, 'd');
    expect(view.frame()).toContain('cannot delete a primary origin');
    expect(view.frame()).not.toContain('to confirm');
    await press(view.stdin, KEY.enter);
    await view.wait('primary (cannot be deleted)');
    await press(view.stdin, 'd');
    await press(view.stdin, KEY.esc);
    expect(view.frame()).toContain('cannot delete a primary origin');
    expect(view.props.deleteOrigin).not.toHaveBeenCalled();
  });

  it('shows a refused delete in a box and stays on the confirmation', async () => {
    const deleteOrigin = vi.fn(async () => {
      throw new Error('Forbidden.');
    });
    const view = setup({ deleteOrigin });
    await view.wait('media-2');
    await press(view.stdin, 'j', 'd');
    await type(view.stdin, 'media-2');
    await press(view.stdin, KEY.enter);
    const frame = await view.wait('The server refused the delete');
    expect(frame).toContain('Forbidden.');
    expect(frame).toContain('Type media-2 to confirm');
  });

  it('shows a list error in a box and reloads with r', async () => {
    const listOrigins = vi
      .fn()
      .mockRejectedValueOnce(new Error('origins: server unreachable'))
      .mockResolvedValue(origins);
    const view = setup({ listOrigins });
    await view.wait('Could not load origins');
    expect(view.frame()).toContain('origins: server unreachable');
    await press(view.stdin, 'r');
    await view.wait('media-2');
    expect(view.frame()).not.toContain('Could not load origins');
  });
});
