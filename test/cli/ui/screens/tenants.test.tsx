import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { TenantsScreen, type TenantsScreenProps } from '../../../../cli/ui/screens/tenants/TenantsScreen.js';
import type { TenantItem } from '../../../../cli/ui/screens/tenants/tenant-form.js';
import { KEY, press, type, waitForFrame } from '../helpers/ink.js';

const CLEAR = '\u0015'; // Ctrl+U empties a text field

const TENANTS: TenantItem[] = [
  { id: 1, name: 'root', active: true, parentId: null },
  { id: 2, name: 'acme', active: true, parentId: 1 },
  { id: 3, name: 'acme-video', active: false, parentId: 2 },
  { id: 4, name: 'globex', active: true, parentId: 1 },
];

function setup(overrides: Partial<TenantsScreenProps> = {}) {
  const props: TenantsScreenProps = {
    listTenants: vi.fn(async () => TENANTS),
    createTenant: vi.fn(async () => ({})),
    updateTenant: vi.fn(async () => ({})),
    onBack: vi.fn(),
    width: 100,
    ...overrides,
  };
  const view = render(<TenantsScreen {...props} />);
  return {
    ...view,
    props,
    frame: () => view.lastFrame() ?? '',
    wait: (check: string) => waitForFrame(view.lastFrame, check),
  };
}

afterEach(cleanup);

describe('Tenants screen (issue 31)', () => {
  it('shows the tree: children indented under their parents, inactive ones marked', async () => {
    const view = setup();
    const frame = await view.wait('globex');
    const lines = frame.split('\n');
    const row = (name: string) => lines.findIndex((l) => new RegExp(`^\\S*\\s*${name}\\b`).test(l.trim()));
    expect(row('root')).toBeLessThan(row('acme'));
    expect(row('acme')).toBeLessThan(row('acme-video'));
    expect(row('acme-video')).toBeLessThan(row('globex'));
    expect(frame).toMatch(/ {4}acme-video/);
    expect(frame).toContain('inactive');
  });

  it('creates a tenant under the selected one with the chosen name', async () => {
    const view = setup();
    await view.wait('globex');
    await press(view.stdin, KEY.down, 'n');
    await view.wait('New tenant');
    await type(view.stdin, 'acme-eu');
    await press(view.stdin, KEY.enter, KEY.enter, KEY.enter, KEY.enter);
    await view.wait('Tenant created.');
    expect(view.props.createTenant).toHaveBeenCalledWith({ name: 'acme-eu', parentId: 2, active: true });
    expect(view.props.listTenants).toHaveBeenCalledTimes(2);
  });

  it('checks the name as the API does and refuses a parent below the tenant itself', async () => {
    const view = setup();
    await view.wait('globex');
    await press(view.stdin, KEY.down, 'e');
    await view.wait('Edit tenant acme');
    await press(view.stdin, CLEAR, KEY.tab);
    expect(view.frame()).toContain("✗ 'name' cannot be blank");
    await press(view.stdin, KEY.up);
    await type(view.stdin, 'acme');
    await press(view.stdin, KEY.tab, KEY.space);
    await view.wait('type to filter');
    await type(view.stdin, 'acme-video');
    await press(view.stdin, KEY.enter);
    expect(view.frame()).toContain('✗ trying to set existing child as new parent');
    await press(view.stdin, KEY.enter, KEY.enter);
    expect(view.props.updateTenant).not.toHaveBeenCalled();
  });

  it('edits a tenant: makes it inactive; the API’s refusal stays on the form', async () => {
    const updateTenant = vi
      .fn<NonNullable<TenantsScreenProps['updateTenant']>>()
      .mockRejectedValueOnce(new Error("tenant name 'globex' already exists."))
      .mockResolvedValue({});
    const view = setup({ updateTenant });
    await view.wait('globex');
    await press(view.stdin, KEY.down, KEY.down, KEY.down, KEY.enter);
    await view.wait('Edit tenant globex');
    await press(view.stdin, KEY.tab, KEY.tab, KEY.space);
    await type(view.stdin, 'no');
    await press(view.stdin, KEY.enter, KEY.enter);
    await view.wait('already exists');
    expect(view.frame()).toContain('Edit tenant globex');
    await press(view.stdin, KEY.enter);
    await view.wait('Tenant saved.');
    expect(updateTenant).toHaveBeenLastCalledWith(4, { name: 'globex', parentId: 1, active: false });
  });

  it('leaves root alone and offers no writes to a read-only role', async () => {
    const view = setup({ createTenant: undefined, updateTenant: undefined });
    await view.wait('globex');
    expect(view.frame()).toContain('read-only');
    await press(view.stdin, 'n', KEY.enter, 'e');
    expect(view.frame()).not.toContain('New tenant');
    expect(view.frame()).not.toContain('Edit tenant');
    const writer = setup();
    await writer.wait('globex');
    await press(writer.stdin, KEY.enter);
    expect(writer.frame()).not.toContain('Edit tenant root');
  });
});
