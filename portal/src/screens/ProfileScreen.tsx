import {
  addProfileParameter,
  getProfileRecord,
  listCdns,
  profileParameters,
  unlinkProfileParameter,
  updateProfile,
  type ProfileParameterRecord,
  type ProfileRecord,
} from '../api/manage';
import { AlertList } from '../components/AlertList';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { DataGrid } from '../grid/DataGrid';
import type { GridColumn } from '../grid/model';
import { useResource, type Resource } from '../hooks/useResource';
import { useFormWrites } from '../hooks/useFormWrites';
import { ParameterForm } from './ParameterForm';
import { PROFILE_FIELDS, ProfileEditForm } from './ProfileEditForm';

const COLUMNS: GridColumn<ProfileParameterRecord>[] = [
  { id: 'name', header: 'Name', className: 'mono', value: (p) => p.name },
  { id: 'configFile', header: 'Config file', className: 'mono', value: (p) => p.configFile, filter: true },
  { id: 'value', header: 'Value', className: 'mono text', value: (p) => p.value },
  { id: 'secure', header: 'Secure', value: (p) => (p.secure ? 'yes' : 'no'), hidden: true },
];

type Mode = { kind: 'view' } | { kind: 'edit' } | { kind: 'add' };

/** One profile: its details (edited in place) and its parameters, added by name, config file and value. */
export function ProfileScreen({ id, canWrite = false }: { id: number; canWrite?: boolean }) {
  const profile = useResource(() => getProfileRecord(id), String(id));
  const found = profile.data?.[0] ?? null;
  return (
    <section>
      <p className="crumbs">
        <Link to="/profiles">Profiles</Link> /
      </p>
      <PageHeader title={found?.name ?? `Profile ${id}`} />
      <LoadState
        loading={profile.loading}
        alerts={profile.alerts}
        empty={!found}
        emptyText="There is no profile with this id."
      />
      {found ? (
        <ProfileDetails key={found.lastUpdated} profile={found} canWrite={canWrite} reload={profile.reload} />
      ) : null}
    </section>
  );
}

function ProfileDetails({
  profile,
  canWrite,
  reload,
}: {
  profile: ProfileRecord;
  canWrite: boolean;
  reload: () => void;
}) {
  const id = Number(profile.id);
  const parameters = useResource(() => profileParameters(id), profile.id);
  const cdns = useResource(listCdns);
  const w = useFormWrites<Mode, (typeof PROFILE_FIELDS)[number]>({ kind: 'view' }, PROFILE_FIELDS, () => {
    reload();
    parameters.reload();
  });
  const toView = () => w.open({ kind: 'view' });
  return (
    <>
      <AlertList alerts={w.alerts} />
      {w.mode.kind === 'edit' ? (
        <ProfileEditForm
          profile={profile}
          cdns={cdns.data ?? []}
          busy={w.busy}
          serverErrors={w.serverErrors}
          onSave={(body) => void w.write(() => updateProfile(id, body))}
          onCancel={toView}
        />
      ) : (
        <ProfileFacts profile={profile} />
      )}
      {canWrite && w.mode.kind === 'view' ? (
        <div className="actions">
          <button type="button" className="secondary" onClick={() => w.open({ kind: 'edit' })}>
            Edit profile
          </button>
          <button type="button" onClick={() => w.open({ kind: 'add' })}>
            Add parameter
          </button>
        </div>
      ) : null}
      {w.mode.kind === 'add' ? (
        <ParameterForm
          title="Add parameter"
          submitLabel="Add parameter"
          busy={w.busy}
          onSave={(p) => void w.write(() => addProfileParameter(id, p))}
          onCancel={toView}
        />
      ) : null}
      <ProfileParameters
        parameters={parameters}
        onRemove={canWrite ? (p) => void w.write(() => unlinkProfileParameter(id, Number(p.id))) : undefined}
      />
    </>
  );
}

function ProfileFacts({ profile }: { profile: ProfileRecord }) {
  return (
    <dl className="details">
      <dt>Description</dt>
      <dd>{profile.description || '—'}</dd>
      <dt>Type</dt>
      <dd>{profile.type}</dd>
      <dt>CDN</dt>
      <dd>{profile.cdnName}</dd>
      <dt>Routing disabled</dt>
      <dd>{profile.routingDisabled ? 'yes' : 'no'}</dd>
      <dt>Last updated (UTC)</dt>
      <dd className="mono">{profile.lastUpdated}</dd>
    </dl>
  );
}

/** The profile's parameters; with `onRemove`, each row's Remove unlinks it (the parameter itself stays). */
function ProfileParameters({
  parameters,
  onRemove,
}: {
  parameters: Resource<ProfileParameterRecord[]>;
  onRemove?: (p: ProfileParameterRecord) => void;
}) {
  const list = parameters.data ?? [];
  const remove = (p: ProfileParameterRecord) => (
    <button
      type="button"
      className="small danger"
      onClick={() => onRemove?.(p)}
      aria-label={`Remove ${p.name} (${p.configFile})`}
    >
      Remove
    </button>
  );
  return (
    <section aria-label="Parameters of this profile">
      <h2>Parameters</h2>
      <LoadState
        loading={parameters.loading}
        alerts={parameters.alerts}
        empty={list.length === 0}
        emptyText="This profile has no parameters."
      />
      {list.length > 0 ? (
        <DataGrid
          label="Parameters of this profile"
          rows={list}
          rowKey={(p) => p.id}
          columns={COLUMNS}
          actions={onRemove ? remove : undefined}
        />
      ) : null}
    </section>
  );
}
