import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { OriginsScreen } from '../../../../cli/ui/screens/origins/OriginsScreen.js';
import type { OriginBody } from '../../../../cli/ui/types.js';
import { deliveryServices, origin, origins, profiles } from '../helpers/fixtures.js';
import { KEY, press, type, waitForFrame } from '../helpers/ink.js';

afterEach(cleanup);

const TENANTS = [
  { id: 1, name: 'root' },
  { id: 7, name: 'tenant-a' },
  { id: 8, name: 'tenant-b' },
];

function setup() {
  const createOrigin = vi.fn(async (body: OriginBody) => origin({ id: 9, ...body }));
  const view = render(
    <OriginsScreen
      listOrigins={vi.fn(async () => origins)}
      listDeliveryServices={vi.fn(async () => deliveryServices)}
      listProfiles={vi.fn(async () => profiles)}
      listTenants={vi.fn(async () => TENANTS)}
      createOrigin={createOrigin}
      updateOrigin={vi.fn()}
      deleteOrigin={vi.fn()}
      onBack={vi.fn()}
      width={110}
    />,
  );
  return { view, createOrigin, frame: () => view.lastFrame() ?? '' };
}

describe('the origin form picks, it does not ask for ids', () => {
  it('delivery service, protocol, cache group, profile and tenant come from type-to-filter lists', async () => {
    const { view, createOrigin, frame } = setup();
    await waitForFrame(view.lastFrame, 'media-2');
    await press(view.stdin, 'n');
    await waitForFrame(
      view.lastFrame,
      (f) => f.includes('New origin') && f.includes('Profile ') && !f.includes('Profile id'),
    );
    expect(frame()).not.toMatch(/Cache group id|Profile id|Tenant id|xmlId or id|http or https/);
    await type(view.stdin, 'picked');
    // Delivery service: typing on the field opens its list narrowed to what was typed; Enter picks and moves on.
    await press(view.stdin, KEY.tab);
    await type(view.stdin, 'euro');
    expect(frame()).toContain('1 of 3');
    expect(frame()).toContain('› images-eu · Images Europe');
    await press(view.stdin, KEY.enter);
    await type(view.stdin, 'picked.example.test');
    // Protocol: a choice of two, not a text field; letters only narrow it.
    await press(view.stdin, KEY.tab, KEY.space);
    expect(frame()).toMatch(/› http\n\s+https/);
    await type(view.stdin, 's');
    await press(view.stdin, KEY.enter);
    expect(frame()).toMatch(/Protocol\s+https/);
    // Port, IPv4, IPv6 stay typed; then the cache group (from the origins), coordinate, profile and tenant.
    await press(view.stdin, KEY.tab, KEY.tab, KEY.tab, KEY.space);
    await type(view.stdin, 'cg');
    await press(view.stdin, KEY.enter);
    await press(view.stdin, KEY.tab, KEY.space);
    await type(view.stdin, 'edge');
    expect(frame()).toContain('› EDGE1 (id 2)');
    await press(view.stdin, KEY.enter, KEY.space);
    await type(view.stdin, 'tenant');
    expect(frame()).toContain('2 of 4');
    await press(view.stdin, KEY.down, KEY.enter);
    expect(frame()).toMatch(/Tenant\s+tenant-b \(id 8\)/);
    await press(view.stdin, KEY.enter);
    await waitForFrame(view.lastFrame, 'origin picked was created.');
    expect(createOrigin).toHaveBeenCalledWith({
      name: 'picked',
      fqdn: 'picked.example.test',
      protocol: 'https',
      deliveryServiceId: 3,
      cachegroupId: 4,
      profileId: 2,
      tenantId: 8,
    });
  });

  it('Esc clears the typed filter first, then closes the list without choosing', async () => {
    const { view, frame } = setup();
    await waitForFrame(view.lastFrame, 'media-2');
    await press(view.stdin, 'n');
    await waitForFrame(view.lastFrame, 'New origin');
    await press(view.stdin, KEY.tab, KEY.space);
    await type(view.stdin, 'zzz');
    expect(frame()).toContain('No match for "zzz"');
    await press(view.stdin, KEY.esc);
    expect(frame()).toContain('3 of 3');
    await press(view.stdin, KEY.esc);
    expect(frame()).not.toContain('type to filter');
    expect(frame()).toContain('New origin');
  });
});
