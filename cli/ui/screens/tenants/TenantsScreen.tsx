import { useState } from 'react';
import { Box, Text } from 'ink';
import { SelectList, type SelectItem } from '../../components/SelectList.js';
import { Screen } from '../../components/Screen.js';
import { Spinner } from '../../components/Spinner.js';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useRequest } from '../../hooks/use-request.js';
import { theme } from '../../theme.js';
import { TenantForm } from './TenantForm.js';
import { tenantTree, type TenantItem, type TenantWrite } from './tenant-form.js';

export interface TenantsScreenProps {
  listTenants: () => Promise<TenantItem[]>;
  /** Absent: the screen only lists (the role cannot write tenants). */
  createTenant?: (body: TenantWrite) => Promise<unknown>;
  updateTenant?: (id: number, body: TenantWrite) => Promise<unknown>;
  onBack: () => void;
  onQuit?: () => void;
  width?: number;
}

const BINDINGS = [
  { keys: 'n', does: 'new tenant under the selected one' },
  { keys: 'Enter e', does: 'edit' },
  { keys: 'Esc', does: 'back' },
];
const READ_ONLY = [{ keys: 'Esc', does: 'back (read-only for your role)' }];

type Mode = { kind: 'list' } | { kind: 'new'; parentId: number | null } | { kind: 'edit'; tenant: TenantItem };

const items = (tenants: TenantItem[]): SelectItem<TenantItem>[] =>
  tenantTree(tenants).map(({ tenant, depth }) => ({
    key: String(tenant.id),
    label: `${'  '.repeat(depth)}${tenant.name}`,
    hint: tenant.active ? `id ${tenant.id}` : `id ${tenant.id} · inactive`,
    color: tenant.active ? undefined : theme.muted,
    value: tenant,
  }));

/** The tenant tree: `n` makes a tenant under the one under the cursor, Enter or `e` edits it (root stays as it is). */
export function TenantsScreen(props: TenantsScreenProps) {
  const { listTenants, createTenant, updateTenant, onBack, width = 80 } = props;
  const request = useRequest(listTenants);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [saved, setSaved] = useState<string | null>(null);
  const tenants = request.data ?? [];
  const done = (text: string) => () => {
    setSaved(text);
    setMode({ kind: 'list' });
    request.reload();
  };
  if (mode.kind === 'new' && createTenant)
    return (
      <TenantForm
        tenants={tenants}
        parentId={mode.parentId}
        save={createTenant}
        onSaved={done('Tenant created.')}
        onCancel={() => setMode({ kind: 'list' })}
      />
    );
  if (mode.kind === 'edit' && updateTenant)
    return (
      <TenantForm
        tenant={mode.tenant}
        tenants={tenants}
        save={(body) => updateTenant(mode.tenant.id, body)}
        onSaved={done('Tenant saved.')}
        onCancel={() => setMode({ kind: 'list' })}
      />
    );
  const edit = (t: TenantItem) => {
    if (updateTenant && t.parentId !== null) setMode({ kind: 'edit', tenant: t });
  };
  return (
    <Screen path={['Tenants']} bindings={createTenant ? BINDINGS : READ_ONLY} width={width}>
      {request.loading && !request.data && <Spinner label="Loading tenants…" />}
      {request.error && <ErrorBox message={request.error} />}
      {request.data && (
        <SelectList
          items={items(tenants)}
          width={width}
          onSelect={(item) => edit(item.value)}
          onCancel={onBack}
          onKey={(input, _key, current) => {
            if (input === 'n' && createTenant) setMode({ kind: 'new', parentId: current?.value.id ?? null });
            if (input === 'e' && current) edit(current.value);
          }}
          emptyText="No tenants."
        />
      )}
      {saved && (
        <Box marginTop={1}>
          <Text color={theme.success}>{saved}</Text>
        </Box>
      )}
    </Screen>
  );
}
