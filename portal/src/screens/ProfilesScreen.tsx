import { useState, type FormEvent } from 'react';
import {
  copyProfile,
  createProfile,
  deleteProfile,
  listCdns,
  listProfileRecords,
  type CdnRecord,
  type ProfileRecord,
} from '../api/manage';
import { Field } from '../components/Field';
import { AlertList } from '../components/AlertList';
import { ConfirmByName } from '../components/ConfirmByName';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { DataGrid } from '../grid/DataGrid';
import type { GridColumn } from '../grid/model';
import { useResource } from '../hooks/useResource';
import { useFormWrites } from '../hooks/useFormWrites';
import { PROFILE_FIELDS, ProfileEditForm } from './ProfileEditForm';

const COLUMNS: GridColumn<ProfileRecord>[] = [
  { id: 'name', header: 'Name', value: (p) => p.name, cell: (p) => <Link to={`/profiles/${p.id}`}>{p.name}</Link> },
  { id: 'description', header: 'Description', className: 'text', value: (p) => p.description },
  { id: 'type', header: 'Type', value: (p) => p.type, filter: true },
  { id: 'cdn', header: 'CDN', value: (p) => p.cdnName, filter: true },
  { id: 'updated', header: 'Last updated (UTC)', className: 'mono', value: (p) => p.lastUpdated },
];

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'copy' } | { kind: 'delete'; profile: ProfileRecord };

/** Profiles in a grid; create, copy (with its parameters) and delete (the API refuses one in use). */
export function ProfilesScreen({ canWrite = false }: { canWrite?: boolean }) {
  const profiles = useResource(listProfileRecords);
  const cdns = useResource(listCdns);
  const w = useFormWrites<Mode, (typeof PROFILE_FIELDS)[number]>({ kind: 'list' }, PROFILE_FIELDS, profiles.reload);
  const { mode } = w;
  const list = profiles.data ?? [];
  const actions = (p: ProfileRecord) => (
    <button type="button" className="small danger" onClick={() => w.open({ kind: 'delete', profile: p })}>
      Delete
    </button>
  );
  return (
    <section>
      <PageHeader title="Profiles">
        {canWrite && mode.kind === 'list' ? (
          <>
            <button type="button" onClick={() => w.open({ kind: 'create' })}>
              New profile
            </button>
            <button type="button" className="secondary" onClick={() => w.open({ kind: 'copy' })}>
              Copy profile
            </button>
          </>
        ) : null}
      </PageHeader>
      <AlertList alerts={w.alerts} />
      <ProfilePanel w={w} profiles={list} cdns={cdns.data ?? []} />
      <LoadState
        loading={profiles.loading}
        alerts={profiles.alerts}
        empty={list.length === 0}
        emptyText="No profiles."
      />
      {list.length > 0 ? (
        <DataGrid
          label="Profiles"
          rows={list}
          rowKey={(p) => p.id}
          columns={COLUMNS}
          actions={canWrite ? actions : undefined}
        />
      ) : null}
    </section>
  );
}

type Writes = ReturnType<typeof useFormWrites<Mode, (typeof PROFILE_FIELDS)[number]>>;

/** The open form: a new profile, a copy, or the typed-name confirmation of a delete. */
function ProfilePanel({ w, profiles, cdns }: { w: Writes; profiles: ProfileRecord[]; cdns: CdnRecord[] }) {
  const { mode } = w;
  const toList = () => w.open({ kind: 'list' });
  return (
    <>
      {mode.kind === 'create' ? (
        <ProfileEditForm
          profile={null}
          cdns={cdns}
          busy={w.busy}
          serverErrors={w.serverErrors}
          onSave={(body) => void w.write(() => createProfile(body))}
          onCancel={toList}
        />
      ) : null}
      {mode.kind === 'copy' ? (
        <CopyProfileForm
          profiles={profiles}
          busy={w.busy}
          onCopy={(name, from) => void w.write(() => copyProfile(name, from))}
          onCancel={toList}
        />
      ) : null}
      {mode.kind === 'delete' ? (
        <ConfirmByName
          what="profile"
          name={mode.profile.name}
          busy={w.busy}
          onConfirm={() => void w.write(() => deleteProfile(Number(mode.profile.id)))}
          onCancel={toList}
        />
      ) : null}
    </>
  );
}

/** A new profile made from an existing one, with its parameters (POST profiles/name/:name/copy/:existing). */
function CopyProfileForm({
  profiles,
  busy,
  onCopy,
  onCancel,
}: {
  profiles: ProfileRecord[];
  busy: boolean;
  onCopy: (name: string, from: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [from, setFrom] = useState('');
  const [tried, setTried] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (name.trim() !== '' && from !== '') onCopy(name.trim(), from);
  };
  return (
    <form className="panel form-grid" onSubmit={submit} aria-label="Copy profile" noValidate>
      <h2 className="form-title">Copy profile</h2>
      <Field label="Copy from" error={tried && from === '' ? 'cannot be blank' : null}>
        <select value={from} onChange={(e) => setFrom(e.target.value)}>
          <option value="">Choose a profile…</option>
          {profiles.map((p) => (
            <option key={p.id} value={p.name}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="New profile name" error={tried && name.trim() === '' ? 'cannot be blank' : null}>
        <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </Field>
      <div className="actions">
        <button type="submit" disabled={busy}>
          Copy profile
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
