import { createTenant, deleteTenant, listTenantRecords, updateTenant, type TenantRecord } from '../api/manage';
import { AlertList } from '../components/AlertList';
import { ConfirmByName } from '../components/ConfirmByName';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';
import { useFormWrites } from '../hooks/useFormWrites';
import { tenantForest, type TenantNode } from '../lib/tenant-tree';
import { TenantForm } from './TenantForm';

type Mode =
  | { kind: 'list' }
  | { kind: 'create' }
  | { kind: 'edit'; tenant: TenantRecord }
  | { kind: 'delete'; tenant: TenantRecord };

/**
 * Tenants as a tree, parent above child (GET tenants: the caller's tenant and what is under it); create, edit
 * (name, parent, active) and delete, which the API refuses while the tenant owns users, services or children.
 */
export function TenantsScreen({ canWrite }: { canWrite: boolean }) {
  const tenants = useResource(listTenantRecords);
  const w = useFormWrites<Mode, 'name' | 'parentId'>({ kind: 'list' }, ['name', 'parentId'], tenants.reload);
  const { mode } = w;
  const list = tenants.data ?? [];
  const toList = () => w.open({ kind: 'list' });
  return (
    <section className="tenants-page">
      <PageHeader title="Tenants">
        {canWrite && mode.kind === 'list' ? (
          <button type="button" onClick={() => w.open({ kind: 'create' })}>
            New tenant
          </button>
        ) : null}
      </PageHeader>
      <AlertList alerts={w.alerts} />
      {mode.kind === 'create' || mode.kind === 'edit' ? (
        <TenantForm
          key={mode.kind === 'edit' ? mode.tenant.id : 'new'}
          tenant={mode.kind === 'edit' ? mode.tenant : null}
          tenants={list}
          busy={w.busy}
          serverErrors={w.serverErrors}
          onSave={(body) =>
            void w.write(() => (mode.kind === 'edit' ? updateTenant(mode.tenant.id, body) : createTenant(body)))
          }
          onCancel={toList}
        />
      ) : null}
      {mode.kind === 'delete' ? (
        <ConfirmByName
          what="tenant"
          name={mode.tenant.name}
          busy={w.busy}
          onConfirm={() => void w.write(() => deleteTenant(mode.tenant.id))}
          onCancel={toList}
        />
      ) : null}
      <LoadState
        loading={tenants.loading}
        alerts={tenants.alerts}
        empty={list.length === 0}
        emptyText="No tenants are visible to you."
      />
      {list.length > 0 ? (
        <ul className="tenant-tree" aria-label="Tenant tree">
          {tenantForest(list).map((node) => (
            <TenantItem key={node.tenant.id} node={node} canWrite={canWrite} open={w.open} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** One tenant and, nested under it, its children. The root tenant cannot change. */
function TenantItem({
  node,
  canWrite,
  open,
}: {
  node: TenantNode<TenantRecord>;
  canWrite: boolean;
  open: (mode: Mode) => void;
}) {
  const { tenant } = node;
  const fixed = tenant.parentId === null;
  return (
    <li>
      <div className="tenant-row" aria-label={`Tenant ${tenant.name}`}>
        <span className="tenant-name">{tenant.name}</span>
        {tenant.active ? null : <span className="badge">inactive</span>}
        {canWrite && !fixed ? (
          <span className="row-actions">
            <button type="button" className="small secondary" onClick={() => open({ kind: 'edit', tenant })}>
              Edit
            </button>
            <button type="button" className="small danger" onClick={() => open({ kind: 'delete', tenant })}>
              Delete
            </button>
          </span>
        ) : null}
      </div>
      {node.children.length > 0 ? (
        <ul>
          {node.children.map((child) => (
            <TenantItem key={child.tenant.id} node={child} canWrite={canWrite} open={open} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
