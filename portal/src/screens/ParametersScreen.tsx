import { createParameter, deleteParameter, listParameters, updateParameter, type ParameterRecord } from '../api/manage';
import { SECURE_MASK } from '../../../shared/rules/profiles.js';
import { AlertList } from '../components/AlertList';
import { ConfirmByName } from '../components/ConfirmByName';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { DataGrid } from '../grid/DataGrid';
import type { GridColumn } from '../grid/model';
import { useResource } from '../hooks/useResource';
import { useFormWrites } from '../hooks/useFormWrites';
import { ParameterForm } from './ParameterForm';

const COLUMNS: GridColumn<ParameterRecord>[] = [
  { id: 'name', header: 'Name', className: 'mono', value: (p) => p.name },
  { id: 'configFile', header: 'Config file', className: 'mono', value: (p) => p.configFile, filter: true },
  { id: 'value', header: 'Value', className: 'mono text', value: (p) => p.value },
  { id: 'secure', header: 'Secure', value: (p) => (p.secure ? 'yes' : 'no'), filter: true },
  { id: 'profiles', header: 'Profiles', className: 'text', value: (p) => p.profiles.join(', ') },
];

type Mode =
  | { kind: 'list' }
  | { kind: 'create' }
  | { kind: 'edit'; parameter: ParameterRecord }
  | { kind: 'delete'; parameter: ParameterRecord };

/**
 * Every parameter, with the profiles that use it; create, edit and delete (the API refuses one in use). A secure
 * value reads `********` below admin, as the API sends it: such a parameter offers no Edit, which would save the
 * mask over the secret.
 */
export function ParametersScreen({ canWrite }: { canWrite: boolean }) {
  const parameters = useResource(listParameters);
  const w = useFormWrites<Mode, 'name' | 'configFile' | 'value'>(
    { kind: 'list' },
    ['name', 'configFile', 'value'],
    parameters.reload,
  );
  const { mode } = w;
  const list = parameters.data ?? [];
  const actions = (p: ParameterRecord) => (
    <>
      {p.secure && p.value === SECURE_MASK ? null : (
        <button type="button" className="small secondary" onClick={() => w.open({ kind: 'edit', parameter: p })}>
          Edit
        </button>
      )}
      <button type="button" className="small danger" onClick={() => w.open({ kind: 'delete', parameter: p })}>
        Delete
      </button>
    </>
  );
  return (
    <section>
      <PageHeader title="Parameters">
        {canWrite && mode.kind === 'list' ? (
          <button type="button" onClick={() => w.open({ kind: 'create' })}>
            New parameter
          </button>
        ) : null}
      </PageHeader>
      <AlertList alerts={w.alerts} />
      <ParameterPanel w={w} />
      <LoadState
        loading={parameters.loading}
        alerts={parameters.alerts}
        empty={list.length === 0}
        emptyText="No parameters."
      />
      {list.length > 0 ? (
        <DataGrid
          label="Parameters"
          rows={list}
          rowKey={(p) => p.id}
          columns={COLUMNS}
          actions={canWrite ? actions : undefined}
        />
      ) : null}
    </section>
  );
}

type Writes = ReturnType<typeof useFormWrites<Mode, 'name' | 'configFile' | 'value'>>;

/** The open form: a new or edited parameter, or the typed-name confirmation of a delete. */
function ParameterPanel({ w }: { w: Writes }) {
  const { mode } = w;
  const toList = () => w.open({ kind: 'list' });
  return (
    <>
      {mode.kind === 'create' || mode.kind === 'edit' ? (
        <ParameterForm
          key={mode.kind === 'edit' ? mode.parameter.id : 'new'}
          title={mode.kind === 'edit' ? `Edit parameter ${mode.parameter.name}` : 'New parameter'}
          submitLabel={mode.kind === 'edit' ? 'Save parameter' : 'Create parameter'}
          initial={mode.kind === 'edit' ? mode.parameter : undefined}
          busy={w.busy}
          serverErrors={w.serverErrors}
          onSave={(p) =>
            void w.write(() => (mode.kind === 'edit' ? updateParameter(mode.parameter.id, p) : createParameter(p)))
          }
          onCancel={toList}
        />
      ) : null}
      {mode.kind === 'delete' ? (
        <ConfirmByName
          what="parameter"
          name={mode.parameter.name}
          busy={w.busy}
          onConfirm={() => void w.write(() => deleteParameter(mode.parameter.id))}
          onCancel={toList}
        />
      ) : null}
    </>
  );
}
