import { describe, expect, it } from 'vitest';
import {
  parentChoices,
  tenantBody,
  tenantForest,
  tenantFormErrors,
  tenantRows,
} from '../../portal/src/lib/tenant-tree';

const t = (id: number, name: string, parentId: number | null, active = true) => ({ id, name, parentId, active });
const TENANTS = [t(3, 'tenant-b', 1), t(1, 'root', null), t(4, 'acme', 2), t(2, 'tenant-a', 1), t(5, 'zeta', 2)];

describe('the tenant tree', () => {
  it('puts parents above children, siblings by name, with depths', () => {
    expect(tenantRows(TENANTS).map((r) => `${r.depth}:${r.tenant.name}`)).toEqual([
      '0:root',
      '1:tenant-a',
      '2:acme',
      '2:zeta',
      '1:tenant-b',
    ]);
    const [root] = tenantForest(TENANTS);
    expect(root.children.map((c) => c.tenant.name)).toEqual(['tenant-a', 'tenant-b']);
  });

  it("starts at the caller's own tenant when its parent is out of sight", () => {
    const visible = TENANTS.filter((x) => x.id === 2 || x.id === 4 || x.id === 5);
    expect(tenantRows(visible).map((r) => `${r.depth}:${r.tenant.name}`)).toEqual(['0:tenant-a', '1:acme', '1:zeta']);
  });

  it('loses no tenant of a looping chain', () => {
    const looped = [t(7, 'x', 8), t(8, 'y', 7), t(9, 'self', 9)];
    expect(
      tenantRows(looped)
        .map((r) => r.tenant.name)
        .sort(),
    ).toEqual(['self', 'x', 'y']);
  });

  it('offers as a parent neither the tenant itself nor its descendants', () => {
    expect(parentChoices(TENANTS, 2).map((x) => x.name)).toEqual(['tenant-b', 'root']);
    expect(parentChoices(TENANTS, 4).map((x) => x.name)).toEqual(['tenant-b', 'root', 'tenant-a', 'zeta']);
    expect(parentChoices(TENANTS, null)).toHaveLength(5);
  });

  it('checks the form as the API does and sends its body', () => {
    expect(tenantFormErrors({ name: ' ', parentId: '', active: true })).toEqual({
      name: 'cannot be blank',
      parentId: 'cannot be blank',
    });
    expect(tenantBody({ name: ' acme ', parentId: '2', active: false })).toEqual({
      name: 'acme',
      parentId: 2,
      active: false,
    });
  });
});
